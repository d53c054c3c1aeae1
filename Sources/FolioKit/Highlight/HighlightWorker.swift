/// The highlight.js program the worker runs under Node.js. It loads only the grammars Folio maps, then answers
/// batches on stdin: `count\n` then per block `grammar\nbytes\n<code>`; per block `bytes\n<html>`, or `-1\n` when
/// the block is not highlighted. Output is highlight.js's own: `<span class="hljs-keyword">` and escaped text.
/// It reads and writes with blocking calls rather than streams: it has nothing else to do while it waits.
enum HighlightWorker {
    static let script = #"""
        console.log = console.warn = console.info = function () {};  // highlight.js 9 prints an end-of-life notice
        const fs = require('fs');
        const dir = process.argv[process.argv.length - 2];
        const grammars = process.argv[process.argv.length - 1].split(',');
        const hljs = require(dir + '/lib/highlight.js');
        for (const name of grammars) hljs.registerLanguage(name, require(dir + '/lib/languages/' + name + '.js'));
        let buffer = Buffer.alloc(1 << 16), start = 0, end = 0;
        function fill() {
          if (start > 0 && start === end) { start = end = 0; }
          if (end === buffer.length) {
            const bigger = Buffer.alloc(Math.max(buffer.length * 2, (end - start) * 2));
            buffer.copy(bigger, 0, start, end); end -= start; start = 0; buffer = bigger;
          }
          let n;
          for (;;) { try { n = fs.readSync(0, buffer, end, buffer.length - end, null); break; } catch (e) { if (e.code !== 'EAGAIN' && e.code !== 'EINTR') throw e; } }
          if (n === 0) process.exit(0);
          end += n;
        }
        function line() {
          for (;;) {
            const at = buffer.indexOf(10, start);
            if (at >= 0 && at < end) { const text = buffer.toString('latin1', start, at); start = at + 1; return text; }
            fill();
          }
        }
        function bytes(count) {
          while (end - start < count) fill();
          const text = buffer.toString('utf8', start, start + count); start += count; return text;
        }
        for (;;) {
          const count = Number(line());
          const out = [];
          for (let i = 0; i < count; i++) {
            const grammar = line();
            const code = bytes(Number(line()));
            let html = null;
            try { html = hljs.highlight(grammar, code, true).value; } catch (e) { html = null; }
            if (html === null) out.push('-1\n'); else out.push(Buffer.byteLength(html) + '\n', html);
          }
          const data = Buffer.from(out.join(''));
          let off = 0;
          while (off < data.length) { try { off += fs.writeSync(1, data, off); } catch (e) { if (e.code !== 'EAGAIN') throw e; } }
        }
        """#
}
