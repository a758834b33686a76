// arbiter's report: draws the boards the page describes and steps through
// games. It fetches nothing and writes record text only as text nodes.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  var COLOURS = { move: '#1565c0', bad: '#d32f2f', legal: '#2e7d32', capture: '#d32f2f', highlight: '#ffeb3b' };
  var data, scenes;

  // decode reads picture.Encode's string: one entry per cell.
  function decode(s) {
    var cells = [];
    for (var i = 0; i < s.length; i++) {
      var c = s.charAt(i);
      if (c === '.') { cells.push([]); continue; }
      if (c === '(') {
        var ks = [];
        for (i++; i < s.length && s.charAt(i) !== ')'; i++) { ks.push(LETTERS.indexOf(s.charAt(i))); }
        cells.push(ks);
        continue;
      }
      cells.push([LETTERS.indexOf(c)]);
    }
    return cells;
  }

  // applyPly mirrors picture.DecodePly: the default reading, then the fixes.
  function cells36(s) {
    var out = [];
    for (var i = 0; i + 1 < s.length; i += 2) { out.push(parseInt(s.substr(i, 2), 36)); }
    return out;
  }
  function applyPly(cells, ply) {
    var next = cells.map(function (c) { return c.slice(); });
    var marks = { path: [], captured: [] };
    if (ply === '-') { return { cells: next, marks: marks }; }
    var eq = ply.indexOf('=');
    var head = eq < 0 ? ply : ply.slice(0, eq), fixes = eq < 0 ? '' : ply.slice(eq + 1);
    var star = head.indexOf('*');
    marks.path = cells36(star < 0 ? head : head.slice(0, star));
    marks.captured = star < 0 ? [] : cells36(head.slice(star + 1));
    if (marks.path.length >= 2) {
      var from = marks.path[0], to = marks.path[marks.path.length - 1];
      var moving = next[from];
      next[from] = [];
      next[to] = moving;
    }
    marks.captured.forEach(function (c) { next[c] = []; });
    for (var i = 0; i + 2 < fixes.length + 1 && i < fixes.length;) {
      var c = parseInt(fixes.substr(i, 2), 36);
      i += 2;
      var j = fixes.charAt(i) === '(' ? fixes.indexOf(')', i) + 1 : i + 1;
      next[c] = decode(fixes.slice(i, j))[0] || [];
      i = j;
    }
    return { cells: next, marks: marks };
  }

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) { if (Object.prototype.hasOwnProperty.call(attrs, k)) { e.setAttribute(k, String(round(attrs[k]))); } }
    if (parent) { parent.appendChild(e); }
    return e;
  }
  function round(v) { return typeof v === 'number' ? Math.round(v * 100) / 100 : v; }
  function text(parent, x, y, size, fill, s) {
    var t = el('text', { x: x, y: y, 'font-size': size, fill: fill, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, parent);
    t.textContent = s;
    return t;
  }
  function unit(b) { return b.cells.length ? 2 * b.cells[0].r : b.w / 10; }

  // slot mirrors picture.Slot.
  function slot(x, y, r, j, n) {
    if (n <= 1) { return [x, y, r * 0.78]; }
    var k = Math.ceil(Math.sqrt(n)), step = 2 * r / k, row = Math.floor(j / k), col = j % k;
    return [x - r + step * (col + 0.5), y - r + step * (row + 0.5), step * 0.42];
  }

  function arrow(svg, b, path, colour, width, dashed) {
    var pts = [], r = 0;
    for (var i = 0; i < path.length; i++) {
      var c = b.cells[path[i]];
      if (!c) { return; }
      pts.push([c.x, c.y]);
      r = c.r;
    }
    if (!pts.length) { return; }
    var sw = 2 * r * width;
    if (pts.length === 1) {
      el('circle', { cx: pts[0][0], cy: pts[0][1], r: r * 0.9, fill: 'none', stroke: colour, 'stroke-width': sw }, svg);
      return;
    }
    var last = pts[pts.length - 1], prev = pts[pts.length - 2];
    var dx = last[0] - prev[0], dy = last[1] - prev[1], d = Math.hypot(dx, dy);
    if (!d) { return; }
    var ux = dx / d, uy = dy / d, head = Math.min(sw * 3.2, d * 0.6);
    var shaft = pts.slice(0, -1).concat([[last[0] - ux * head * 0.8, last[1] - uy * head * 0.8]]);
    var attrs = { points: shaft.map(function (p) { return round(p[0]) + ',' + round(p[1]); }).join(' '), fill: 'none', stroke: colour,
      'stroke-width': sw, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', 'stroke-opacity': 0.85 };
    if (dashed) { attrs['stroke-dasharray'] = round(sw * 2) + ' ' + round(sw * 1.5); }
    el('polyline', attrs, svg);
    var bx = last[0] - ux * head, by = last[1] - uy * head;
    var tri = [last, [bx - uy * head * 0.5, by + ux * head * 0.5], [bx + uy * head * 0.5, by - ux * head * 0.5]];
    el('polygon', { points: tri.map(function (p) { return round(p[0]) + ',' + round(p[1]); }).join(' '), fill: colour, 'fill-opacity': 0.85 }, svg);
  }

  // draw mirrors picture.Render (without flipping and square names).
  function draw(host, b, cells, marks, caption, title) {
    var capH = caption ? Math.max(unit(b) * 0.7, b.w / 22) : 0;
    var svg = el('svg', { viewBox: '0 0 ' + round(b.w) + ' ' + round(b.h + capH), role: 'img', 'font-family': 'sans-serif' });
    el('title', {}, svg).textContent = title || '';
    el('rect', { x: 0, y: 0, width: b.w, height: b.h + capH, fill: b.back }, svg);
    (b.regions || []).forEach(function (r) {
      var a = { x: r.x, y: r.y, width: r.w, height: r.h, fill: r.fill };
      if (r.round) { a.rx = Math.min(r.w, r.h) * 0.15; }
      el('rect', a, svg);
    });
    (b.lines || []).forEach(function (l) { el('line', { x1: l.x1, y1: l.y1, x2: l.x2, y2: l.y2, stroke: l.stroke, 'stroke-width': l.width }, svg); });
    b.cells.forEach(function (c) {
      if (!c.fill) { return; }
      if (c.dot) { el('circle', { cx: c.x, cy: c.y, r: c.dot, fill: c.fill, stroke: 'none', 'stroke-width': 0 }, svg); }
      else if (c.round) { el('circle', { cx: c.x, cy: c.y, r: c.r, fill: c.fill, stroke: '#555', 'stroke-width': c.r * 0.08 }, svg); }
      else { el('rect', { x: c.x - c.r, y: c.y - c.r, width: 2 * c.r, height: 2 * c.r, fill: c.fill }, svg); }
    });
    (b.labels || []).forEach(function (l) { text(svg, l.x, l.y, l.size, '#333', l.text); });
    (marks.path || []).forEach(function (i) {
      var c = b.cells[i];
      if (c) { el('rect', { x: c.x - c.r, y: c.y - c.r, width: 2 * c.r, height: 2 * c.r, fill: COLOURS.highlight, 'fill-opacity': 0.55 }, svg); }
    });
    cells.forEach(function (ks, i) {
      var c = b.cells[i];
      if (!c) { return; }
      ks.forEach(function (k, j) {
        var kind = b.kinds[k];
        if (!kind) { return; }
        var s = slot(c.x, c.y, c.r, j, ks.length), ink = kind.ink || kind.stroke;
        var g = el('g', { 'class': 'piece', 'data-kind': kind.name }, svg);
        el('circle', { cx: s[0], cy: s[1], r: s[2], fill: kind.fill, stroke: kind.stroke, 'stroke-width': s[2] * 0.08 }, g);
        if (kind.king) { el('circle', { cx: s[0], cy: s[1], r: s[2] * 0.55, fill: 'none', stroke: ink, 'stroke-width': s[2] * 0.14 }, g); }
        if (kind.text) { text(g, s[0], s[1], s[2] * 0.95, ink, kind.text); }
      });
    });
    (marks.captured || []).forEach(function (i) {
      var c = b.cells[i];
      if (!c) { return; }
      var r = c.r * 0.55, sw = c.r * 0.14;
      el('line', { x1: c.x - r, y1: c.y - r, x2: c.x + r, y2: c.y + r, stroke: COLOURS.capture, 'stroke-width': sw, 'stroke-linecap': 'round' }, svg);
      el('line', { x1: c.x - r, y1: c.y + r, x2: c.x + r, y2: c.y - r, stroke: COLOURS.capture, 'stroke-width': sw, 'stroke-linecap': 'round' }, svg);
    });
    (marks.legal || []).forEach(function (p) { arrow(svg, b, p, COLOURS.legal, 0.07, true); });
    arrow(svg, b, marks.path || [], marks.bad ? COLOURS.bad : COLOURS.move, 0.11, false);
    if (caption) { text(svg, b.w / 2, b.h + capH * 0.5, capH * 0.55, '#222', caption); }
    host.textContent = '';
    host.appendChild(svg);
  }

  // h builds an element; text goes in as a text node, never as markup.
  function h(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function add(parent, child) { parent.appendChild(child); return child; }

  function figure(bd) {
    var b = scenes[bd.s];
    var fig = h('figure', 'board');
    fig.setAttribute('data-scene', String(bd.s));
    if (!b) { return fig; }
    var host = add(fig, h('div'));
    draw(host, b, decode(bd.p), bd.k || {}, '', bd.t);
    var cap = add(fig, h('figcaption', null, bd.t + ' '));
    var key = add(cap, h('span', 'key'));
    add(key, h('span', 'k-bad', 'written move'));
    key.appendChild(document.createTextNode(' '));
    add(key, h('span', 'k-legal', 'legal moves'));
    return fig;
  }

  var active = null; // the viewer the arrow keys step

  function plainText(b, marks) {
    var p = marks.path || [];
    if (p.length < 2) { return ''; }
    return b.cells[p[0]].name + ((marks.captured || []).length ? 'x' : '-') + b.cells[p[p.length - 1]].name;
  }

  function viewer(film) {
    var b = scenes[film.s];
    var v = h('div', 'viewer');
    v.tabIndex = 0;
    v.setAttribute('data-scene', String(film.s));
    if (!b) { return v; }
    var frames = [{ cells: decode(film.p), marks: {}, text: 'start' }];
    var plies = film.m ? film.m.split(' ') : [], texts = {};
    for (var j = 0; j + 1 < (film.w || []).length; j += 2) { texts[film.w[j]] = film.w[j + 1]; }
    for (var i = 0; i < plies.length; i++) {
      var step = applyPly(frames[frames.length - 1].cells, plies[i]);
      var text = Object.prototype.hasOwnProperty.call(texts, i) ? texts[i] : plainText(b, step.marks);
      frames.push({ cells: step.cells, marks: step.marks, text: text });
    }
    var controls = add(v, h('div', 'controls'));
    [['first', '\u00ab', 'start (Home)'], ['prev', '\u25c0', 'back (left arrow)'], ['next', '\u25b6', 'forward (right arrow)'], ['last', '\u00bb', 'end (End)']].forEach(function (c) {
      var btn = add(controls, h('button', null, c[1]));
      btn.type = 'button';
      btn.title = c[2];
      btn.setAttribute('data-step', c[0]);
    });
    var label = add(controls, h('span', 'ply'));
    var pic = add(v, h('div', 'pic'));
    var at = frames.length - 1;
    function show(n) {
      at = Math.max(0, Math.min(frames.length - 1, n));
      var f = frames[at];
      draw(pic, b, f.cells, f.marks, '', f.text);
      label.textContent = 'ply ' + at + '/' + (frames.length - 1) + (at ? ': ' + f.text : '');
      v.setAttribute('data-ply', String(at));
    }
    v.viewer = {
      step: function (what) {
        if (what === 'first') { show(0); } else if (what === 'prev') { show(at - 1); }
        else if (what === 'next') { show(at + 1); } else if (what === 'last') { show(frames.length - 1); }
      }
    };
    v.addEventListener('click', function (e) {
      active = v;
      var s = e.target.getAttribute && e.target.getAttribute('data-step');
      if (s) { v.viewer.step(s); }
    });
    v.addEventListener('focus', function () { active = v; });
    show(at);
    return v;
  }

  function where(g, line, col) { return files[g.f] + ':' + line + ':' + col; }

  // fill builds a game's section the first time it is opened.
  function fill(d, g) {
    if (d.filled) { return; }
    d.filled = true;
    var body = add(d, h('div', 'body'));
    add(body, h('p', 'verdict-line', g.s));
    if (g.t && g.t.length) {
      var tags = add(body, h('table', 'tags'));
      for (var i = 0; i + 1 < g.t.length; i += 2) {
        var tr = add(tags, h('tr'));
        add(tr, h('th', null, g.t[i]));
        add(tr, h('td', null, g.t[i + 1]));
      }
    }
    if (g.d && g.d.length) {
      var ol = add(body, h('ol', 'diags'));
      g.d.forEach(function (x) {
        var li = add(ol, h('li', x.s));
        var line = add(li, h('div'));
        add(line, h('span', 'where', where(g, x.l, x.c)));
        line.appendChild(document.createTextNode(' '));
        add(line, h('span', 'sev ' + x.s, x.s + '[' + x.k + ']'));
        if (x.v) { line.appendChild(document.createTextNode(' ')); add(line, h('span', 'move', x.v)); }
        line.appendChild(document.createTextNode(': ' + x.m));
        if (x.g && x.g.length) {
          line.appendChild(document.createTextNode('; '));
          add(line, h('span', 'legal', x.h + ': ' + x.g.join(', ')));
        }
        if (x.q) { add(li, h('pre', 'source', x.q + '\n' + x.a)); }
        if (x.b) { add(li, figure(x.b)); }
      });
    }
    if (g.r) {
      add(body, h('h3', 'replay', 'replay'));
      var v = add(body, viewer(g.r));
      if (!active) { active = v; }
    }
  }

  function gameSection(g) {
    var d = h('details', 'game ' + (g.x ? 'invalid' : 'valid'));
    var sum = add(d, h('summary'));
    add(sum, h('span', 'verdict ' + (g.x ? 'invalid' : 'valid'), g.x ? 'invalid' : 'valid'));
    sum.appendChild(document.createTextNode(' ' + g.n + ' '));
    add(sum, h('span', 'where', where(g, g.l, 1)));
    if (g.c) { sum.appendChild(document.createTextNode(' ')); add(sum, h('span', 'codes', g.c.join(' '))); }
    d.addEventListener('toggle', function () { if (d.open) { fill(d, g); } });
    return d;
  }

  document.addEventListener('keydown', function (e) {
    if (!active || !active.viewer || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target && e.target.tagName;
    if (t === 'SELECT' || t === 'INPUT') { return; }
    var map = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
    if (map[e.key]) { active.viewer.step(map[e.key]); e.preventDefault(); }
  });

  var games, files;
  function main(d) {
  data = d;
  window.arbiterData = d; // for tests and the curious: the page's data
  scenes = data.scenes || [];
  games = data.games || [];
  files = data.files || [];
  var list = document.getElementById('games'), more = document.getElementById('more');
  var PAGE = 200, shown = [], next = 0, opened = 0;
  function showMore() {
    var end = Math.min(shown.length, next + PAGE);
    for (; next < end; next++) {
      var g = games[shown[next]];
      var d = add(list, gameSection(g));
      if (g.x && opened < data.open) { opened++; d.open = true; fill(d, g); }
    }
    more.hidden = next >= shown.length;
    more.textContent = 'show ' + Math.min(PAGE, shown.length - next) + ' more of ' + (shown.length - next) + ' games';
  }
  more.addEventListener('click', showMore);

  var fErrors = document.getElementById('f-errors'), fCode = document.getElementById('f-code'), fFile = document.getElementById('f-file');
  function filter() {
    var code = fCode.value, file = fFile.value;
    shown = [];
    games.forEach(function (g, i) {
      if ((!fErrors.checked || g.x) && (!code || (g.c || []).indexOf(code) >= 0) && (file === '' || String(g.f) === file)) { shown.push(i); }
    });
    list.textContent = '';
    next = 0;
    active = null;
    document.getElementById('f-count').textContent = shown.length + ' of ' + games.length + ' games shown';
    showMore();
  }
  [fErrors, fCode, fFile].forEach(function (x) { x.addEventListener('change', filter); });
  Array.prototype.forEach.call(document.querySelectorAll('button.code-filter'), function (btn) {
    btn.addEventListener('click', function () { fCode.value = btn.getAttribute('data-code'); filter(); });
  });
  filter();
  window.arbiterReady = performance.now(); // ms from navigation to the list shown
}

  // The data is JSON, or for a large report gzip in base64.
  var dataEl = document.getElementById('arbiter-data');
  if (dataEl.getAttribute('data-encoding') !== 'gzip') {
    main(JSON.parse(dataEl.textContent));
  } else if (typeof DecompressionStream === 'undefined') {
    document.getElementById('games').textContent = 'This browser cannot unpack the report\'s games (it has no DecompressionStream): open it in a current browser.';
  } else {
    var b64 = dataEl.textContent.trim().replace(/-/g, '+').replace(/_/g, '/');
    while (b64.length % 4) { b64 += '='; }
    var bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text()
      .then(function (t) { main(JSON.parse(t)); });
  }
})();
