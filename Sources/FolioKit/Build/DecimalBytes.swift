extension [UInt8] {
    /// Appends `value`'s decimal digits, as `"\(value)"` writes them, without making a String: the reports and
    /// records that list a large site's 130,000 links write two numbers a link.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for any Int's twenty digits, written from the right
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = value.magnitude
            var at = buffer.count
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            self += buffer[at...]
        }
    }
}
