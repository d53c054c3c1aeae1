// Folio navigation: the phone menu closes by Escape and outside taps; "On this page" entries open the tab, page or
// segment holding their heading (as any deep link does, through folio.js's hashchange handler) and follow the reading
// (scroll-spy, also across tab and page changes). Without it the menu is a <details> and entries are plain anchors.
(function () {
  'use strict';
  var d = document, w = window;

  // On a wide screen the sidebar and "On this page" are shown whatever the state of their <details>; opening them
  // there tells assistive technology so too. On a narrow screen they start folded.
  function unfold(details, query) {
    if (!details) return;
    var m = w.matchMedia(query), set = function () { details.open = m.matches; };
    set();
    if (m.addEventListener) m.addEventListener('change', set);
  }
  var menu = d.querySelector('[data-folio-menu]');
  unfold(menu, '(min-width: 64rem)');
  unfold(d.querySelector('.folio-toc__details'), '(min-width: 80rem)');
  if (menu) {
    var button = menu.querySelector('summary');
    var folding = function () { return menu.open && getComputedStyle(button).display !== 'none'; }; // the phone's menu
    d.addEventListener('keydown', function (e) {
      if (e.key === 'Escape' && folding()) { menu.open = false; button.focus(); }
    });
    d.addEventListener('click', function (e) {
      if (folding() && !menu.contains(e.target)) menu.open = false;
    });
    // The current page's entry is in view when the tree is longer than its box.
    var here = menu.querySelector('[aria-current="page"]'), box = menu.closest('.folio-sidebar');
    if (here && box && box.scrollHeight > box.clientHeight) box.scrollTop = here.offsetTop - box.clientHeight / 3;
    menu.addEventListener('toggle', function () { // the phone's panel opens on the current page's entry too
      var panel = menu.querySelector('.folio-menu__panel');
      if (menu.open && here && panel.scrollHeight > panel.clientHeight) panel.scrollTop = here.offsetTop - panel.clientHeight / 3;
    });
  }

  var row = d.querySelector('.folio-nav');
  function clip() { // which edges of the header's link row hide links
    var l = Math.abs(row.scrollLeft), more = row.scrollWidth - row.clientWidth;
    row.setAttribute('data-folio-clip', (l > 1 ? 'start ' : '') + (l < more - 1 ? 'end' : ''));
  }
  if (row) { clip(); row.addEventListener('scroll', clip, { passive: true }); w.addEventListener('resize', clip); }

  var toc = d.querySelector('[data-folio-toc]');
  if (!toc) return;
  var links = [].slice.call(toc.querySelectorAll('[data-folio-toc-link]')), entries = [], active = null, queued = 0;
  links.forEach(function (a) {
    var id = decodeURIComponent(a.getAttribute('href').slice(1)), target = d.getElementById(id);
    // A segmented view shows its sections twice; the list's copy has ids prefixed `all-`.
    if (target) entries.push({ a: a, targets: [target, d.getElementById('all-' + id)].filter(Boolean) });
    a.addEventListener('click', function (e) {
      if (!target || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      // In a segmented view showing its list ("All"), the list's copy: the reader stays in the segment they chose.
      var copy = d.getElementById('all-' + id), all = copy && shown(copy);
      var to = all ? copy : target, href = all ? '#all-' + a.getAttribute('href').slice(1) : a.getAttribute('href');
      if (location.hash !== href) history.pushState(null, '', href);
      w.dispatchEvent(new HashChangeEvent('hashchange')); // folio.js opens the segment, tab and page holding it
      to.scrollIntoView({ block: 'start' });
      if (toc.querySelector('details') && getComputedStyle(toc.querySelector('.folio-toc__summary')).display !== 'none') {
        toc.querySelector('details').open = false; // on a narrow screen the list folds away once used
      }
      spy();
    });
  });

  function shown(el) { // not in a hidden segment, nor in a tab or page that is not the current one
    for (var n = el; n && n !== d.body; n = n.parentNode) {
      if (n.hidden) return false;
      if (n.parentNode && n.parentNode.hasAttribute && n.parentNode.hasAttribute('data-folio-track') &&
          d.documentElement.classList.contains('folio-js') && !n.classList.contains('is-current')) return false;
    }
    return true;
  }
  function spy() {
    queued = 0;
    var line = Math.min(w.innerHeight * 0.3, 200) + (parseFloat(getComputedStyle(d.documentElement).scrollPaddingTop) || 0);
    var current = null, first = null;
    entries.forEach(function (e) {
      var t = e.targets.filter(shown)[0];
      if (!t) return;
      first = first || e;
      if (t.getBoundingClientRect().top <= line) current = e;
    });
    current = current || first;
    if (current === active) return;
    if (active) active.a.removeAttribute('aria-current');
    active = current;
    if (!active) return;
    active.a.setAttribute('aria-current', 'true');
    if (toc.scrollHeight > toc.clientHeight) { // keep the marked entry inside the list's own scroll box
      var top = active.a.offsetTop - toc.offsetTop;
      if (top < toc.scrollTop || top > toc.scrollTop + toc.clientHeight - 40) toc.scrollTop = top - toc.clientHeight / 3;
    }
  }
  function later() { if (!queued) queued = requestAnimationFrame(spy); }
  w.addEventListener('scroll', later, { passive: true });
  d.addEventListener('scroll', later, { capture: true, passive: true }); // tracks of paged views and tabs scroll sideways
  d.addEventListener('scrollend', later, true);
  w.addEventListener('resize', later);
  w.addEventListener('hashchange', later);
  if (w.MutationObserver) new MutationObserver(later).observe(d.querySelector('main') || d.body,
    { subtree: true, attributes: true, attributeFilter: ['data-folio-current', 'hidden', 'class'] });
  spy();
})();
