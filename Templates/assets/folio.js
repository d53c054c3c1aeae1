// Folio views (SPEC §5): enhances paged, tabs and segmented views; every page works without it.
// Runs deferred from <head>, render-blocking: the first paint already shows a remembered tab or page.
(function () {
  'use strict';
  var d = document, w = window, views = [], still = w.matchMedia('(prefers-reduced-motion: reduce)');
  d.documentElement.classList.add('folio-js', 'folio-settling'); // CSS tells enhanced views from the no-JS fallback

  function mem(area, k, v) { // storage throws in private modes and on some file:// pages: then no memory
    try { return v === undefined ? w[area].getItem(k) : w[area].setItem(k, v); } catch (e) { return null; }
  }
  function own(el, sel) { // this view's parts, not those of a view nested in it
    return [].filter.call(el.querySelectorAll(sel), function (n) { return n.closest('[data-folio-view]') === el; });
  }
  function key(v) { return 'folio:' + location.pathname + '#' + v.el.id; }
  function text(n) { return n.textContent.trim(); }
  function plain(e) { return !(e.ctrlKey || e.metaKey || e.shiftKey || e.altKey); }
  function hash(a) { if (a) history.replaceState(history.state, '', a.getAttribute('href')); } // no history entries
  function mark(list, i) { // APG: the current control is selected and the only tab stop
    list.forEach(function (a, j) { a.setAttribute('aria-selected', j === i); a.tabIndex = j === i ? 0 : -1; });
  }
  function wire(list, v, wrap, act) { // clicks; ←/→ (wrapping or not), Home/End, selection following focus
    var bar = list[0] && list[0].parentNode, n = list.length;
    list.forEach(function (a, j) { a.addEventListener('click', function (e) { if (plain(e)) { e.preventDefault(); act(j); } }); });
    if (bar) bar.addEventListener('keydown', function (e) {
      var k = e.key, s = getComputedStyle(bar).direction === 'rtl' ? -1 : 1;
      var j = k === 'ArrowRight' ? v.i + s : k === 'ArrowLeft' ? v.i - s : k === 'Home' ? 0 : k === 'End' ? n - 1 : null;
      if (j === null || !plain(e)) return;
      j = wrap ? (j + n) % n : Math.max(0, Math.min(n - 1, j));
      e.preventDefault(); act(j); list[j].focus();
    });
  }

  // ---- paged and tabs: a horizontal scroll-snap track, one item per track width ----
  function Track(el) {
    var v = this, t = v.track = el.querySelector('[data-folio-track]'), tabs = v.tabsView = el.getAttribute('data-folio-view') === 'tabs';
    v.el = el; v.items = [].slice.call(t.children); v.lock = null; v.from = null;
    v.tabs = own(el, tabs ? '[data-folio-tab]' : '[data-folio-dot]'); v.bar = v.tabs[0] && v.tabs[0].parentNode;
    v.ind = own(el, '[data-folio-tab-indicator]')[0];
    v.prev = own(el, '[data-folio-prev]')[0]; v.next = own(el, '[data-folio-next]')[0];
    v.fade = el.getAttribute('data-folio-transition') === 'fade';
    v.group = el.getAttribute('data-folio-tab-group');
    v.rtl = getComputedStyle(t).direction === 'rtl';
    v.w = t.clientWidth; t._folio = v;
    if (!tabs && !t.hasAttribute('tabindex')) t.tabIndex = 0; // a scroller must be keyboard-reachable
    // start on the group's remembered title, else on this view's item of this session
    var g = v.group ? v.titles().indexOf(mem('localStorage', 'folio-tab-group:' + v.group)) : -1;
    var s = +mem('sessionStorage', key(v)) || 0;
    v.jump(g >= 0 ? g : s < v.items.length ? s : 0); v.select(v.i, 0);

    wire(v.tabs, v, tabs, function (j) { v.go(j, true); }); // tabs wrap (APG), pages don't (SPEC)
    [v.prev, v.next].forEach(function (b, k) {
      if (!b) return;
      b.hidden = false; // they need this script, so the markup ships them hidden
      b.addEventListener('click', function () { v.go(v.i + (k ? 1 : -1), true); });
    });
    if (!tabs) el.addEventListener('keydown', function (e) { // ←/→ with focus anywhere in the paged view
      var k = e.key, s = v.rtl ? -1 : 1;
      if (e.defaultPrevented || !plain(e) || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) || e.target.isContentEditable) return;
      if (scrollsSideways(e.target, t)) return; // a wide code block or table takes ←/→ to scroll itself
      if (k === 'ArrowRight' || k === 'ArrowLeft') { e.preventDefault(); v.go(v.i + (k === 'ArrowRight' ? s : -s), true); }
    });
    t.addEventListener('scroll', function () {
      if (!v.raf) v.raf = requestAnimationFrame(function () { v.raf = 0; v.scrolled(); });
    }, { passive: true });
    t.addEventListener('scrollend', function () { v.lock = null; v.scrolled(); });
    // one swipe, one page: from the page a touch starts on, its drag and fling reach no further than the next
    // page either way (Chromium's snapping alone lets a fast flick pass over one, even with scroll-snap-stop);
    // the bound holds until the next touch or until the view is moved another way
    if (!v.fade) t.addEventListener('touchstart', function () { t.style.overflowX = ''; v.from = Math.round(v.pos()); }, { passive: true });
    if (v.fade) swipe(v);
    wheel(v);
    if (tabs && v.bar) v.bar.addEventListener('scroll', function () { // the clipped sides follow the bar's scrolling
      if (!v.rafBar) v.rafBar = requestAnimationFrame(function () { v.rafBar = 0; v.clip(); });
    }, { passive: true });
  }
  Track.prototype = {
    titles: function () { return this.tabs.map(text); },
    pos: function () { return this.w ? Math.abs(this.track.scrollLeft) / this.w : this.i; }, // fractional item index
    scroll: function (i, how) {
      if (!this.fade) this.track.scrollTo({ left: (this.rtl ? -i : i) * this.w, behavior: how });
    },
    jump: function (i) { this.i = i; this.from = null; this.scroll(i, 'instant'); this.place(i); }, // restore, resize, sync: never animated
    go: function (i, smooth) { // a person asked for item i
      if (i < 0 || i >= this.items.length) return; // no wrap-around: at the ends nothing happens
      this.from = null;
      var how = smooth && !still.matches ? 'smooth' : 'instant';
      if (how === 'smooth' && Math.abs(this.pos() - i) > 0.01) this.lock = i; // dots don't flicker through passed pages
      this.scroll(i, how);
      if (this.fade) this.place(i);
      this.select(i, 2);
    },
    scrolled: function () { // the indicator follows the offset; the most visible item becomes current
      if (this.track.clientWidth !== this.w) return this.resized();
      var p = this.pos(), f = this.from;
      if (this.fade) return;
      if (f != null && Math.abs(p - f) > 1) this.stop(p = f + (p > f ? 1 : -1));
      this.place(p);
      if (this.lock !== null && Math.abs(p - this.lock) > 0.01) return;
      this.lock = null;
      var i = Math.min(this.items.length - 1, Math.round(p));
      if (i !== this.i) this.select(i, 2);
    },
    stop: function (i) { // ends a drag or fling at item i: the track stops taking touch scrolling until the next touch
      this.track.style.overflowX = 'hidden'; this.scroll(i, 'instant'); // (buttons, dots, keys and wheel still move it)
    },
    resized: function () { // after a width change the same item stays shown, aligned to the edge, its tab in view
      this.w = this.track.clientWidth;
      if (this.w) { this.jump(this.i); this.showTab('instant'); }
    },
    showTab: function (how) { // an overflowing tab bar keeps the current tab in view, centred
      var a = this.tabs[this.i], bar = this.bar;
      if (this.tabsView && a && bar.scrollWidth > bar.clientWidth)
        bar.scrollTo({ left: a.offsetLeft - (bar.clientWidth - a.offsetWidth) / 2, behavior: how });
    },
    place: function (p) { // tabs at fractional position p: indicator between titles, track as tall as the panels shown
      var t = this.tabs, it = this.items, n = t.length - 1;
      if (!this.tabsView || n < 0) return;
      this.clip();
      var a = Math.max(0, Math.min(n, Math.floor(p))), b = Math.min(n, a + 1), f = p - a;
      var ra = box(t[a]), rb = box(t[b]), ha = it[a].offsetHeight;
      this.track.style.height = Math.round(ha + (it[b].offsetHeight - ha) * f) + 'px';
      if (!this.ind) return;
      this.ind.style.width = ra.w + (rb.w - ra.w) * f + 'px';
      this.ind.style.transform = 'translateX(' + (ra.x + (rb.x - ra.x) * f) + 'px)';
    },
    clip: function () { // marks the sides where an overflowing tab bar cuts titles off (CSS fades them)
      var b = this.bar, max = b ? b.scrollWidth - b.clientWidth : 0, x = b ? Math.abs(b.scrollLeft) : 0, c = [];
      if (max > 1) { // in RTL the bar starts at its right end and scrolls to the left
        if (x > 1) c.push(this.rtl ? 'right' : 'left');
        if (x < max - 1) c.push(this.rtl ? 'left' : 'right');
      }
      c = c.join(' ');
      if (b && b.getAttribute('data-folio-clip') !== c) { b.setAttribute('data-folio-clip', c); b.parentNode.setAttribute('data-folio-clip', c); }
    },
    select: function (i, mode) { // mode 0: restored; 1: opened by a link (remembered); 2: moved by a person (+ hash)
      var v = this, a = v.tabs[i];
      v.i = i; v.el.setAttribute('data-folio-current', i); mark(v.tabs, i);
      v.items.forEach(function (p, j) {
        p.classList.toggle('is-current', j === i);
        if (v.tabsView) p.tabIndex = j === i ? 0 : -1; // only the shown panel is a tab stop (APG)
        // the others are out of reach of Tab and of assistive technology (APG): Tab from the tab list goes into
        // the shown panel, never into one beside it (which would scroll it into view and make it current)
        p.inert = j !== i;
      });
      if (v.prev) { v.prev.setAttribute('aria-disabled', i === 0); v.next.setAttribute('aria-disabled', i === v.items.length - 1); }
      v.showTab(mode < 2 || still.matches ? 'instant' : 'smooth');
      if (!mode) return;
      mem('sessionStorage', key(v), i);
      if (mode > 1) hash(a);
      if (!v.group || !a) return;
      mem('localStorage', 'folio-tab-group:' + v.group, text(a)); // linked tabs follow by title, here and on later pages
      views.forEach(function (o) {
        var j = o !== v && o.group === v.group ? o.titles().indexOf(text(a)) : -1;
        if (j >= 0 && j !== o.i) { o.jump(j); o.select(j, 0); }
      });
    }
  };
  function scrollsSideways(n, stop) { // whether n, or a box it lies in short of stop, scrolls sideways
    for (; n && n !== stop && n.nodeType === 1; n = n.parentNode)
      if (n.scrollWidth > n.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(n).overflowX)) return true;
    return false;
  }
  function box(a) { // a title's own box, in its list's scroll coordinates
    var r = d.createRange(), l = a.parentNode;
    r.selectNodeContents(a);
    var b = r.getBoundingClientRect();
    return { x: b.left - l.getBoundingClientRect().left + l.scrollLeft, w: b.width };
  }
  function swipe(v) { // a fade track does not scroll, so touch swipes and trackpad flicks page it
    var x0 = null, t = v.track, dir = v.rtl ? -1 : 1;
    t.addEventListener('touchstart', function (e) { x0 = e.touches[0].clientX; }, { passive: true });
    t.addEventListener('touchend', function (e) {
      var dx = x0 === null ? 0 : e.changedTouches[0].clientX - x0;
      if (Math.abs(dx) > 40) v.go(v.i + (dx < 0 ? dir : -dir), true);
      x0 = null;
    });
  }
  function wheel(v) { // one trackpad swipe moves one page: its burst of wheel events, momentum included, is one gesture
    var t = v.track, dir = v.rtl ? -1 : 1, last = -1e9, sum = 0, done = false;
    t.addEventListener('wheel', function (e) {
      if (e.defaultPrevented || e.ctrlKey || Math.abs(e.deltaX) <= Math.abs(e.deltaY)) return; // vertical scrolling and zoom pass through
      if (e.timeStamp - last > 250) { // a pause ends a gesture; a new one starts here
        var j = v.i + (e.deltaX > 0 ? dir : -dir);
        if (j < 0 || j >= v.items.length) return; // at the ends the swipe goes on to the page (and the back gesture)
        sum = 0; done = false;
      }
      e.preventDefault();
      last = e.timeStamp; sum += e.deltaX * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? v.w : 1); // lines, pages → px
      if (done || Math.abs(sum) < 30) return;
      done = true; v.go(v.i + (sum > 0 ? dir : -dir), true);
    }, { passive: false });
  }

  // ---- segmented: two segments switch between the paged and the list rendering ----
  function Segmented(el) {
    var v = this;
    v.el = el; v.segs = own(el, '[data-folio-segment]'); v.panels = own(el, '[data-folio-segment-panel]');
    v.panels.forEach(function (p, j) { p._folioSeg = [v, j]; });
    v.select(mem('sessionStorage', key(v)) === '1' ? 1 : 0, 0);
    wire(v.segs, v, true, function (j) { v.select(j, 2); });
  }
  Segmented.prototype.select = function (i, mode) {
    this.i = i; this.el.setAttribute('data-folio-current', i); mark(this.segs, i);
    this.panels.forEach(function (p, j) { p.hidden = j !== i; });
    if (mode) mem('sessionStorage', key(this), i);
    if (mode > 1) hash(this.segs[i]);
  };

  // ---- deep links: #id opens each segment, tab and page holding it, outermost first ----
  function open() {
    var id, t, steps = [], unhid = false;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    for (var n = t = id && d.getElementById(id); n && n.parentNode; n = n.parentNode) {
      if (n.parentNode._folio) steps.unshift([n.parentNode._folio, n.parentNode._folio.items.indexOf(n)]);
      if (n._folioSeg) steps.unshift(n._folioSeg);
    }
    steps.forEach(function (s) {
      var v = s[0];
      if (v.track) { v.w = v.track.clientWidth; v.jump(s[1]); } else unhid = unhid || v.i !== s[1];
      v.select(s[1], 1);
    });
    if (unhid) t.scrollIntoView(); // the browser could not scroll to it inside a hidden panel
  }

  [].forEach.call(d.querySelectorAll('[data-folio-view]'), function (el) { // outer views settle before inner ones measure
    var k = el.getAttribute('data-folio-view');
    if (k === 'segmented') views.push(new Segmented(el));
    else if (k === 'paged' || k === 'tabs') views.push(new Track(el));
  });
  open();
  w.addEventListener('hashchange', open);
  requestAnimationFrame(function () { // transitions start after the first paint, which shows every view settled
    requestAnimationFrame(function () { d.documentElement.classList.remove('folio-settling'); });
  });
  if (w.ResizeObserver) {
    var ro = new ResizeObserver(function (es) {
      es.forEach(function (e) { var v = e.target._folioOf; if (v.track.clientWidth !== v.w) v.resized(); else v.place(v.pos()); });
    });
    views.forEach(function (v) { // tabs also follow their titles' and panels' sizes
      if (v.track) [v.track].concat(v.tabsView ? v.items.concat(v.bar || []) : []).forEach(function (n) { n._folioOf = v; ro.observe(n); });
    });
  }

  // The site's links scroll sideways on a phone: the current page's (or its section's) link is brought into view.
  // Again once everything has loaded: the header's other controls (menu, search) may change its width.
  var here = d.querySelector('.folio-nav [aria-current]'), nav = here && here.closest('.folio-nav');
  function showCurrentLink() {
    if (!nav || nav.scrollWidth <= nav.clientWidth) return;
    var r = here.getBoundingClientRect(), b = nav.getBoundingClientRect();
    nav.scrollLeft += r.left - b.left - (b.width - r.width) / 2;
  }
  showCurrentLink();
  window.addEventListener('load', showCurrentLink);

  // From disk (file://) a folder link must name its index.html to be browsable.
  if (location.protocol === 'file:') d.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a[href]'), h = a && a.getAttribute('href'), u;
    if (!h || e.defaultPrevented || /^([a-z][\w+.-]*:|\/\/|#)/i.test(h)) return;
    u = new URL(a.href);
    if (/\/$/.test(u.pathname)) { u.pathname += 'index.html'; a.href = u.href; }
  });
})();
