// Folio navigation: the phone menu closes by Escape and outside taps; "On this page" entries open the tab, page or
// segment holding their heading (as any deep link does, through folio.js's hashchange handler) and follow the reading
// (scroll-spy, also across tab and page changes). Without it the menu is a <details> and entries are plain anchors.
(function () {
  'use strict';
  var d = document, w = window;

  var menu = d.querySelector('[data-folio-menu]');
  if (menu) {
    var button = menu.querySelector('summary');
    d.addEventListener('keydown', function (e) {
      if (e.key === 'Escape' && menu.open && getComputedStyle(button).display !== 'none') { menu.open = false; button.focus(); }
    });
    d.addEventListener('click', function (e) {
      if (menu.open && !menu.contains(e.target)) menu.open = false;
    });
    // The current page's entry is in view when the tree is longer than its box.
    var here = menu.querySelector('[aria-current="page"]'), box = menu.closest('.folio-sidebar');
    if (here && box && box.scrollHeight > box.clientHeight) box.scrollTop = here.offsetTop - box.clientHeight / 3;
  }

  var toc = d.querySelector('[data-folio-toc]');
  if (!toc) return;
  var links = [].slice.call(toc.querySelectorAll('[data-folio-toc-link]')), entries = [], active = null, queued = 0;
  links.forEach(function (a) {
    var id = decodeURIComponent(a.getAttribute('href').slice(1)), target = d.getElementById(id);
    if (target) entries.push({ a: a, target: target });
    a.addEventListener('click', function (e) {
      if (!target || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      if (location.hash.slice(1) !== a.getAttribute('href').slice(1)) history.pushState(null, '', a.getAttribute('href'));
      w.dispatchEvent(new HashChangeEvent('hashchange')); // folio.js opens the segment, tab and page holding it
      target.scrollIntoView({ block: 'start' });
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
      if (!shown(e.target)) return;
      first = first || e;
      if (e.target.getBoundingClientRect().top <= line) current = e;
    });
    current = current || first;
    if (current === active) return;
    if (active) active.a.removeAttribute('aria-current');
    active = current;
    if (!active) return;
    active.a.setAttribute('aria-current', 'true');
    var list = toc.querySelector('.folio-toc__details');
    if (toc.scrollHeight > toc.clientHeight) { // keep the marked entry inside the list's own scroll box
      var top = active.a.offsetTop - toc.offsetTop;
      if (top < toc.scrollTop || top > toc.scrollTop + toc.clientHeight - 40) toc.scrollTop = top - toc.clientHeight / 3;
    }
    return list;
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
