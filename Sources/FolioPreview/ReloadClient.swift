/// The live-reload client that `folio serve` adds to every HTML response (never to files on disk).
///
/// It listens to `/__folio/events`: `reload` reloads the page, keeping the scroll position
/// (the views script restores the tab and page from the hash and sessionStorage); `errors`
/// shows the failed build's diagnostics in a dismissible overlay; `hello`, sent on every
/// (re)connection, reloads a page older than the current build or shows the current errors. One tab of a browser
/// listens and passes the events on to its others (`BroadcastChannel`, the listener chosen by a Web Lock): with a
/// stream per tab, six tabs held every connection a browser opens to one server, and a seventh never loaded.
enum ReloadClient {
    static func script(build: Int) -> String {
        "<script data-folio-serve>\n" + source.replacingOccurrences(of: "__FOLIO_BUILD__", with: String(build))
            + "</script>\n"
    }

    /// The HTML with the client inserted before its last `</body>` (or at its end when it has none).
    static func inject(into html: [UInt8], build: Int) -> [UInt8] {
        let script = Array(script(build: build).utf8)
        let tag = Array("</body".utf8)
        var index = html.count - tag.count
        while index >= 0 {
            if zip(html[index...], tag).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                return Array(html[..<index]) + script + Array(html[index...])
            }
            index -= 1
        }
        return html + script
    }

    static let source = #"""
        (function () {
          'use strict';
          var build = __FOLIO_BUILD__, key = 'folio-serve:scroll:' + location.pathname, box = null, before = null;
          try { // put the page back where it was before the live reload
            var at = JSON.parse(sessionStorage.getItem(key) || 'null');
            sessionStorage.removeItem(key);
            if (at) {
              var back = function () { window.scrollTo(at[0], at[1]); };
              back(); addEventListener('load', back);
            }
          } catch (e) {}

          function reload() {
            try { sessionStorage.setItem(key, JSON.stringify([window.scrollX, window.scrollY])); } catch (e) {}
            location.reload();
          }
          function hide() {
            if (!box) return;
            box.remove(); box = null;
            if (before && before.focus) before.focus();
          }
          function show(errors) {
            hide();
            before = document.activeElement;
            box = document.createElement('div');
            box.setAttribute('data-folio-error-overlay', '');
            box.setAttribute('role', 'alertdialog');
            box.setAttribute('aria-labelledby', 'folio-serve-title');
            box.setAttribute('aria-describedby', 'folio-serve-errors');
            box.style.cssText = 'position:fixed;z-index:2147483647;inset:1rem 1rem auto;max-height:70vh;overflow:auto;' +
              'padding:1rem 1.25rem;background:#1c1c1e;color:#f2f2f7;border:2px solid #ff453a;border-radius:8px;' +
              'font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;box-shadow:0 8px 32px rgba(0,0,0,.5);text-align:left';
            var title = document.createElement('h2');
            title.id = 'folio-serve-title';
            title.textContent = 'Build failed — showing the last good build';
            title.style.cssText = 'margin:0 0 .5rem;font:inherit;font-weight:bold;color:#ff6961';
            var list = document.createElement('pre');
            list.id = 'folio-serve-errors';
            list.style.cssText = 'margin:0;white-space:pre-wrap;font:inherit;color:inherit;background:none';
            list.textContent = errors.join('\n');
            var close = document.createElement('button');
            close.type = 'button';
            close.textContent = 'Dismiss';
            close.style.cssText = 'margin-top:.75rem;font:inherit;padding:.25rem .75rem;cursor:pointer';
            close.addEventListener('click', hide);
            box.addEventListener('keydown', function (e) { if (e.key === 'Escape') hide(); });
            box.append(title, list, close);
            document.body.appendChild(box);
            close.focus();
          }

          if (!window.EventSource) return;
          var handlers = {
            hello: function (d) {
              if (d.build !== build) reload(); else if (d.errors && d.errors.length) show(d.errors); else hide();
            },
            reload: function (d) {
              var here = location.pathname.replace(/index\.html$/, '');
              // Only the pages whose output changed reload; `pages` is absent when every page may have changed.
              if (!d.pages || d.pages.indexOf(here) >= 0 || d.pages.indexOf(here + '/') >= 0) reload(); else { build = d.build; hide(); }
            },
            errors: function (d) { show(d.errors || []); }
          };
          function handle(type, text) {
            var d; try { d = JSON.parse(text); } catch (x) { d = {}; }
            handlers[type](d);
          }
          function listen(share) {
            var source = new EventSource('/__folio/events');
            Object.keys(handlers).forEach(function (type) {
              source.addEventListener(type, function (e) { handle(type, e.data); if (share) share(type, e.data); });
            });
            addEventListener('pagehide', function () { source.close(); });
          }
          addEventListener('pageshow', function (e) { if (e.persisted) location.reload(); }); // back from the bfcache
          // A browser opens at most six connections to a server, and each stream holds one for as long as its page is
          // open: a seventh tab would never load. So one tab listens — the one holding the lock — and passes every
          // event on to the others; when it closes, another takes the lock and listens. A page that does not listen
          // asks for the state once, as a new stream's `hello` would tell it.
          if (!window.BroadcastChannel || !navigator.locks) return listen(null);
          var channel = new BroadcastChannel('folio-serve-events');
          var listening = false;
          channel.onmessage = function (m) { if (!listening && m.data && handlers[m.data.type]) handle(m.data.type, m.data.text); };
          navigator.locks.request('folio-serve-events', function () {
            listening = true;
            listen(function (type, text) { channel.postMessage({type: type, text: text}); });
            return new Promise(function () {}); // held until the page goes away
          });
          setTimeout(function () {
            if (listening) return;
            fetch('/__folio/status', {cache: 'no-store'}).then(function (r) { return r.text(); })
              .then(function (text) { if (!listening) handle('hello', text); }, function () {});
          }, 0);
        })();

        """#
}
