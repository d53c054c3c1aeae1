/* Folio search: a button, the APG combobox dialog, and the client of the index the build writes in search/.
   The index loads as scripts (they also load from file://, where fetch() is refused) from the site itself. */
(function () {
  'use strict';
  var d = document, w = window, box = d.querySelector('[data-folio-search]');
  var CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]|[\ud840-\ud87f][\udc00-\udfff]/;
  var WORD = /[\p{L}\p{N}\p{M}]+/gu, MARK = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g, MAX = 10, PEEK = 20;
  var meta, keys = {}, shards = {}, chunks = {}, waits = {};

  // ---- text: the same folding and splitting as the index (Sources/FolioKit/Search/SearchText.swift) ----
  function fold(s) { return s.toLowerCase().normalize('NFD').replace(MARK, '').normalize('NFC'); }
  function tokens(s) {
    var out = [];
    (fold(s).match(WORD) || []).forEach(function (run) {
      var word = '', cjk = [];
      function flush() {
        if (word) out.push(word);
        word = '';
        if (cjk.length === 1) out.push(cjk[0]);
        for (var i = 0; i + 1 < cjk.length; i++) out.push(cjk[i] + cjk[i + 1]);
        cjk = [];
      }
      Array.from(run).forEach(function (c) {
        if (CJK.test(c)) { if (word) { out.push(word); word = ''; } cjk.push(c); }
        else { if (cjk.length) flush(); word += c; }
      });
      flush();
    });
    return out;
  }
  function file(key) { // a shard's file name: its key when a-z0-9, else x + the hex of its UTF-8
    if (/^[a-z0-9]+$/.test(key)) return key;
    return 'x' + Array.from(new TextEncoder().encode(key), function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join('');
  }

  // ---- loading: each index file is a script that calls back into folioSearch ----
  function load(path, name) {
    if (waits[name]) return waits[name];
    return (waits[name] = new Promise(function (ok, fail) {
      var s = d.createElement('script');
      s.src = box.getAttribute('data-folio-root') + 'search/' + path;
      s.onload = function () { ok(s._folio); s.remove(); };
      s.onerror = function () { fail(new Error(path)); s.remove(); };
      d.head.appendChild(s);
    }));
  }
  w.folioSearch = {
    i: function (m) { meta = m; m.shards.forEach(function (k) { keys[k] = 1; }); },
    s: function (k, terms) { shards[k] = terms; },
    r: function (records) { d.currentScript._folio = records; } // a page's records: the script that loaded them knows whose
  };
  function ready() { return load('index.js', 'index'); }
  function shard(k) { return load('s/' + file(k) + '.js', 's' + k).then(function () { return shards[k] || {}; }); }
  function chunk(n) { return load('r/' + n + '.js', 'r' + n).then(function (records) { return (chunks[n] = chunks[n] || records); }); }
  function home(t) { // the shard a term is in: the longest shard key it starts with
    var c = Array.from(t);
    for (var n = Math.min(c.length, 6); n > 0; n--) if (keys[c.slice(0, n).join('')]) return c.slice(0, n).join('');
  }

  // ---- ranking: every query word must match (the last as a prefix); headings outweigh body text ----
  function search(query) {
    var words = tokens(query), prefix = !/\s$/.test(query), seen = {};
    words = words.filter(function (t) { return !seen[t] && (seen[t] = 1); });
    if (!words.length) return Promise.resolve({ words: [], hits: [] });
    return ready().then(function () {
      var plans = words.map(function (t, i) {
        var open = prefix && i === words.length - 1 && (Array.from(t).length > 1 || CJK.test(t)), ks = {}, h = home(t);
        if (h) ks[h] = 1;
        if (open) meta.shards.forEach(function (k) { if (k.length > t.length && k.lastIndexOf(t, 0) === 0) ks[k] = 1; });
        return { t: t, open: open, keys: Object.keys(ks) };
      });
      return Promise.all(plans.map(function (p) { return Promise.all(p.keys.map(shard)); })).then(function (lists) {
        var scores = {}, count = {}, n = meta.n;
        plans.forEach(function (p, i) {
          var best = {}, found = [], family = 0;
          lists[i].forEach(function (terms) {
            Object.keys(terms).forEach(function (term) {
              var exact = term === p.t;
              if (!exact && !(p.open && term.lastIndexOf(p.t, 0) === 0)) return;
              found.push({ term: term, list: terms[term], exact: exact });
              family += terms[term].length / 2;
            });
          });
          // A word the reader is still typing ('tab') finds longer words ('table'), each worth less than the word
          // itself, and none rarer than all of them together: a rare 'table' must not outrank a common 'tab'.
          var familyIdf = Math.log(1 + n / Math.min(n, family));
          found.forEach(function (f) {
            var term = f.term, list = f.list, exact = f.exact;
            var own = Math.log(1 + n / (list.length / 2)), idf = exact ? own : Math.sqrt(own * familyIdf);
            var id = 0, ids = [], sums = {}, j;
            var fit = exact ? 1 : 0.5 + 0.4 * p.t.length / term.length;
            for (j = 0; j < list.length; j += 2) { // ids are page << 8 | record, as differences
              ids.push(id += list[j]);
              sums[id >> 8] = (sums[id >> 8] || 0) + list[j + 1];
            }
            ids.forEach(function (id, i) { // the section's own weight, and its page's: a page that says it often ranks up
              var s = (Math.log(1 + list[2 * i + 1]) + Math.log(1 + sums[id >> 8])) * idf * fit;
              if (!(best[id] >= s)) best[id] = s;
            });
          });
          Object.keys(best).forEach(function (id) { scores[id] = (scores[id] || 0) + best[id]; count[id] = (count[id] || 0) + 1; });
        });
        var ids = Object.keys(scores).map(Number).sort(function (a, b) {
          return count[b] - count[a] || scores[b] - scores[a] || a - b;
        });
        if (ids.length && count[ids[0]] === words.length) ids = ids.filter(function (id) { return count[id] === words.length; });
        // Variety: each further section of a page already listed counts half as much.
        var seenPages = {}, head = ids.slice(0, 40).map(function (id) {
          var k = seenPages[id >> 8] = (seenPages[id >> 8] || 0) + 1;
          return { id: id, s: scores[id] * Math.pow(0.5, k - 1) };
        }).sort(function (a, b) { return count[b.id] - count[a.id] || b.s - a.s || a.id - b.id; });
        ids = head.map(function (h) { return h.id; }).concat(ids.slice(40));
        return { words: words, plans: plans, hits: ids, scores: scores };
      });
    });
  }
  function records(ids) { // the records of the first results, from their pages' record files
    return Promise.all(ids.map(function (id) { return chunk(id >> 8); })).then(function () {
      return ids.map(function (id) {
        var r = chunks[id >> 8][id & 255];
        return { id: id, url: r[0], page: r[1], anchor: r[2], titles: r[3], place: r[4], text: r[5] };
      });
    });
  }
  // The results shown, in the order of their scores, but for one: the best of the first PEEK whose own heading (a
  // page's title, for its intro) is the words typed goes first. A reader typing 'tabs' or 'color' looks for the Tabs
  // or Colors section, which scores below longer sections that say the word more often.
  function top(found) {
    return records(found.hits.slice(0, PEEK)).then(function (rs) {
      var i = rs.findIndex(function (r) { return headed(r, found.plans); });
      if (i > 0) rs.unshift(rs.splice(i, 1)[0]);
      return rs.slice(0, MAX);
    });
  }
  function headed(r, plans) { // each word of the heading is one typed (the last as typed so far), and only those
    var heading = tokens(r.titles.length ? r.titles[r.titles.length - 1] : r.page);
    return heading.length === plans.length && plans.every(function (p) {
      return heading.some(function (t) { return t === p.t || (p.open && t.lastIndexOf(p.t, 0) === 0); });
    });
  }
  function matches(word, plans) {
    var f = fold(word);
    return plans.some(function (p) { return f === p.t || (p.open && f.lastIndexOf(p.t, 0) === 0) || (CJK.test(p.t) && f.indexOf(p.t) >= 0); });
  }

  // ---- the dialog: APG combobox with a listbox popup ----
  if (!box || !w.Promise || !('normalize' in String.prototype)) return;
  var button = box.querySelector('button'), dialog = box.querySelector('dialog'), input = dialog.querySelector('input');
  var list = dialog.querySelector('[role=listbox]'), status = dialog.querySelector('[role=status]'), shown = [], active = -1, serial = 0, before;
  if (!dialog.showModal) return;
  box.hidden = false;

  function escape(s) { return s.replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  function snippet(text, plans) { // a window of the text around the first matched word, matches marked
    var first = -1, m, html = '', last;
    WORD.lastIndex = 0;
    while ((m = WORD.exec(text))) if (matches(m[0], plans)) { first = m.index; break; }
    var start = Math.max(0, first - 60), end = Math.min(text.length, Math.max(first, 0) + 140);
    if (start > 0) start = text.indexOf(' ', start) + 1 || start;
    var part = text.slice(start, end);
    last = 0;
    part.replace(WORD, function (word, at) {
      if (matches(word, plans)) { html += escape(part.slice(last, at)) + '<mark>' + escape(word) + '</mark>'; last = at + word.length; }
      return word;
    });
    return (start > 0 ? '… ' : '') + html + escape(part.slice(last)) + (end < text.length ? ' …' : '');
  }
  function select(i) {
    active = i;
    [].forEach.call(list.children, function (li, j) { li.setAttribute('aria-selected', j === i); });
    if (i >= 0) { input.setAttribute('aria-activedescendant', list.children[i].id); list.children[i].scrollIntoView({ block: 'nearest' }); }
    else input.removeAttribute('aria-activedescendant');
  }
  function show(query) {
    var mine = ++serial;
    if (!query.trim()) { render([], ''); return; }
    search(query).then(function (found) {
      return top(found).then(function (rs) {
        if (mine !== serial) return;
        rs.forEach(function (r) { r.plans = found.plans; });
        render(rs, rs.length ? (found.hits.length > MAX ? 'Top ' + MAX + ' of ' + found.hits.length + ' results' : rs.length + (rs.length === 1 ? ' result' : ' results')) : 'No results for “' + query.trim() + '”');
      });
    }).catch(function (e) {
      if (mine !== serial) return;
      render([], location.protocol === 'file:'
        ? 'The search index (search/' + e.message + ') could not be loaded from disk: this browser blocks it here. Serve the folder (folio serve) to search.'
        : 'The search index could not be loaded (search/' + e.message + '): was the site built with search: false?');
    });
  }
  function render(rs, message) {
    shown = rs;
    list.innerHTML = rs.map(function (r, i) {
      var path = r.titles.length ? r.titles.join(' › ') : '';
      return '<li role="option" class="folio-search__option" id="folio-search-option-' + i + '" aria-selected="false">' +
        '<span class="folio-search__title">' + escape(r.page) + '</span>' +
        (path ? '<span class="folio-search__path">' + escape(path) + '</span>' : '') +
        (r.place ? '<span class="folio-search__place">' + escape(r.place) + '</span>' : '') +
        (r.text ? '<span class="folio-search__snippet">' + snippet(r.text, r.plans) + '</span>' : '') + '</li>';
    }).join('');
    input.setAttribute('aria-expanded', rs.length > 0);
    status.textContent = message;
    select(rs.length ? 0 : -1);
  }
  function go(r) { // the page, then the tab, page or segment holding the section: the deep-link path of folio.js
    var root = box.getAttribute('data-folio-root'), url = root + r.url;
    if (location.protocol === 'file:') url += 'index.html';
    var target = new URL(url + (r.anchor ? '#' + encodeURIComponent(r.anchor) : ''), location.href);
    try { sessionStorage.setItem('folio:search', JSON.stringify({ to: target.pathname + target.hash, plans: r.plans })); } catch (e) { /* no marks */ }
    dialog.close();
    if (target.pathname === location.pathname) {
      // folio.js opens the tab, page or segment on hashchange, which a new hash fires later: arrive after it
      if (target.hash === location.hash) { w.dispatchEvent(new HashChangeEvent('hashchange')); arrive(); }
      else { w.addEventListener('hashchange', arrive, { once: true }); location.hash = target.hash; }
    } else location.href = target.href;
  }
  function open() {
    if (dialog.open) return;
    before = d.activeElement;
    dialog.showModal();
    input.select();
    ready().catch(function () {});
    if (input.value) show(input.value);
  }

  button.addEventListener('click', open);
  dialog.addEventListener('close', function () { // back where the reader was; from a shortcut on the page, the button
    (before && before !== d.body && d.contains(before) ? before : button).focus();
  });
  dialog.querySelector('[data-folio-search-close]').addEventListener('click', function () { dialog.close(); });
  dialog.addEventListener('click', function (e) { if (e.target === dialog) dialog.close(); }); // the backdrop
  input.addEventListener('input', function () { show(input.value); });
  input.addEventListener('keydown', function (e) {
    var n = shown.length;
    if (e.key === 'ArrowDown' && n) { e.preventDefault(); select((active + 1) % n); }
    else if (e.key === 'ArrowUp' && n) { e.preventDefault(); select((active - 1 + n) % n); }
    else if (e.key === 'Enter' && active >= 0) { e.preventDefault(); go(shown[active]); }
  });
  list.addEventListener('click', function (e) {
    var li = e.target.closest('[role=option]');
    if (li) go(shown[[].indexOf.call(list.children, li)]);
  });
  d.addEventListener('keydown', function (e) {
    var t = e.target, typing = t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName);
    if ((e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey) && !e.altKey) { e.preventDefault(); open(); }
    else if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); open(); }
  });

  // ---- arriving from a result: mark its words in the section, until the next interaction ----
  function arrive() {
    var note;
    try { note = JSON.parse(sessionStorage.getItem('folio:search')); sessionStorage.removeItem('folio:search'); } catch (e) { return; }
    if (!note || note.to !== location.pathname + location.hash) return;
    var id = decodeURIComponent(location.hash.slice(1)), h = id && d.getElementById(id);
    // A section: the section, page or tab holding it. A page's intro: its text and its title, which is often all
    // that holds the word on a short page.
    var regions = (h ? [h.closest('section, [data-folio-page], [data-folio-tab-panel]') || h.parentNode]
      : [d.querySelector('.folio-title'), d.querySelector('.folio-content')]).filter(Boolean);
    if (!regions.length) return;
    var nodes = [], n;
    regions.forEach(function (region) {
      var walker = d.createTreeWalker(region, NodeFilter.SHOW_TEXT);
      while ((n = walker.nextNode())) if (!n.parentNode.closest('script, style, mark')) nodes.push(n);
    });
    nodes.forEach(function (node) {
      var text = node.nodeValue, parts = [], last = 0;
      text.replace(WORD, function (word, at) {
        if (matches(word, note.plans)) { parts.push(text.slice(last, at), word); last = at + word.length; }
        return word;
      });
      if (!parts.length) return;
      var frag = d.createDocumentFragment();
      parts.forEach(function (p, i) {
        if (i % 2) { var m = d.createElement('mark'); m.className = 'folio-search-hit'; m.textContent = p; frag.appendChild(m); }
        else if (p) frag.appendChild(d.createTextNode(p));
      });
      frag.appendChild(d.createTextNode(text.slice(last)));
      node.parentNode.replaceChild(frag, node);
    });
    if (h) h.scrollIntoView({ block: 'start' });
    function clear() {
      [].forEach.call(d.querySelectorAll('mark.folio-search-hit'), function (m) { m.replaceWith(m.textContent); });
      regions.forEach(function (region) { region.normalize(); });
      ['keydown', 'pointerdown'].forEach(function (t) { d.removeEventListener(t, clear, true); });
    }
    setTimeout(function () { ['keydown', 'pointerdown'].forEach(function (t) { d.addEventListener(t, clear, true); }); }, 0);
  }
  arrive();
  w.folioSearch.search = function (q) { // for tests and themes: the ranked results of a query
    return search(q).then(function (found) {
      return top(found).then(function (rs) {
        return rs.map(function (r) { return { url: r.url, anchor: r.anchor, titles: r.titles, place: r.place, page: r.page }; });
      });
    });
  };
})();
