/// The highlight.js program the worker runs under Node.js. It loads only the grammars Folio maps, then answers
/// batches on stdin: `count\n` then per block `grammar\nbytes\n<code>`; per block `bytes\n<html>`, or `-1\n` when
/// the block is not highlighted. Output is highlight.js's own: `<span class="hljs-keyword">` and escaped text.
enum HighlightWorker {
    static let script = #"""
    console.log = console.warn = console.info = function () {};  // highlight.js 9 prints an end-of-life notice
    const dir = process.argv[process.argv.length - 2];
    const grammars = process.argv[process.argv.length - 1].split(',');
    const hljs = require(dir + '/lib/highlight.js');
    hljs.configure({ tabReplace: undefined, useBR: false });
    for (const name of grammars) hljs.registerLanguage(name, require(dir + '/lib/languages/' + name + '.js'));
    let buffer = Buffer.alloc(0);
    function line(at) {
      const end = buffer.indexOf(10, at);
      return end < 0 ? null : [buffer.toString('utf8', at, end), end + 1];
    }
    function drain() {
      for (;;) {
        const head = line(0);
        if (!head) return;
        const count = Number(head[0]);
        let at = head[1];
        const blocks = [];
        for (let i = 0; i < count; i++) {
          const grammar = line(at);
          if (!grammar) return;
          const size = line(grammar[1]);
          if (!size) return;
          const end = size[1] + Number(size[0]);
          if (buffer.length < end) return;
          blocks.push([grammar[0], buffer.toString('utf8', size[1], end)]);
          at = end;
        }
        buffer = buffer.subarray(at);
        const out = [];
        for (const [grammar, code] of blocks) {
          let html = null;
          try { html = hljs.highlight(grammar, code, true).value; } catch (e) { html = null; }
          if (html === null) out.push('-1\n');
          else out.push(Buffer.byteLength(html) + '\n', html);
        }
        process.stdout.write(out.join(''));
      }
    }
    process.stdin.on('data', function (chunk) { buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk; drain(); });
    process.stdin.on('end', function () { process.exit(0); });
    """#
}
