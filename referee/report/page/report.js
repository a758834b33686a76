// arbiter's report: puts together the boards the page carries and steps
// through games. Every shape comes from Go (referee/picture's Kit: SVG
// fragments of the board, each kind of piece and each mark); this script
// only places them at the cells' centres, in Render's order, so the page
// shows what `arbiter board` draws. It fetches nothing and writes record
// text only as escaped text.
(function () {
  'use strict';
  var LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
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
    for (var i = 0; i < fixes.length;) {
      var c = parseInt(fixes.substr(i, 2), 36);
      i += 2;
      var j = fixes.charAt(i) === '(' ? fixes.indexOf(')', i) + 1 : i + 1;
      next[c] = decode(fixes.slice(i, j))[0] || [];
      i = j;
    }
    return { cells: next, marks: marks };
  }

  // num and scale write numbers as picture.Num and picture's scale do.
  function num(f) {
    var r = Math.round(Math.abs(f) * 100) / 100;
    if (f < 0) { r = -r; }
    return String(r === 0 ? 0 : r);
  }
  function scale(f) { return String(Math.round(f * 10000) / 10000); }
  function nums(pts) {
    var out = [];
    for (var i = 0; i + 1 < pts.length; i += 2) { out.push(num(pts[i]) + ',' + num(pts[i + 1])); }
    return out.join(' ');
  }
  // esc writes text as picture.Escape does (the page's data is valid
  // UTF-8, so it holds no lone surrogate).
  function esc(s) {
    return String(s).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  }
  function place(x, y, s, frag) {
    return '<g transform="translate(' + num(x) + ' ' + num(y) + ') scale(' + scale(s) + ')">' + frag + '</g>\n';
  }
  // slot mirrors picture.Slot: where the j-th of n pieces on a cell stands.
  function slot(x, y, r, j, n) {
    if (n <= 1) { return [x, y, r * 0.78]; }
    var k = Math.ceil(Math.sqrt(n)), step = 2 * r / k, row = Math.floor(j / k), col = j % k;
    return [x - r + step * (col + 0.5), y - r + step * (row + 0.5), step * 0.46];
  }
  // arrow places picture.arrow's shaft and head between cell centres.
  function arrow(a, pts) {
    var n = pts.length / 2;
    if (!n) { return ''; }
    if (n === 1) { return place(pts[0], pts[1], 1, a.ring); }
    var lx = pts[2 * n - 2], ly = pts[2 * n - 1], dx = lx - pts[2 * n - 4], dy = ly - pts[2 * n - 3];
    var d = Math.sqrt(dx * dx + dy * dy);
    if (d === 0) { return ''; }
    var ux = dx / d, uy = dy / d, head = Math.min(a.width * 3.2, d * 0.6);
    var shaft = pts.slice(0, 2 * n - 2).concat([lx - ux * head * 0.8, ly - uy * head * 0.8]);
    var bx = lx - ux * head, by = ly - uy * head;
    var tip = [lx, ly, bx - uy * head * 0.5, by + ux * head * 0.5, bx + uy * head * 0.5, by - ux * head * 0.5];
    return a.shaft.replace('@P@', nums(shaft)) + a.head.replace('@H@', nums(tip));
  }

  // compose puts a picture together as picture.Render writes it (without
  // a caption or a size): the same markup, element for element.
  function compose(kit, cells, marks, flip, names, title) {
    var f = flip ? 1 : 0, C = kit.cells[f], ncell = C.length / 3;
    function points(path) {
      var out = [];
      for (var i = 0; i < path.length; i++) {
        var c = path[i];
        if (!(c >= 0 && c < ncell)) { return []; }
        out.push(C[3 * c], C[3 * c + 1]);
      }
      return out;
    }
    var s = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + num(kit.w) + ' ' + num(kit.h) + '" role="img" font-family="sans-serif">\n<title>' + esc(title) + '</title>\n';
    s += kit.under[f];
    (marks.path || []).forEach(function (c) { if (c >= 0 && c < ncell) { s += place(C[3 * c], C[3 * c + 1], C[3 * c + 2] / 100, kit.highlight); } });
    for (var i = 0; i < cells.length && i < ncell; i++) {
      var ks = cells[i];
      for (var j = 0; j < ks.length; j++) {
        var k = ks[j];
        if (k < 0 || k >= kit.pieces.length) { continue; }
        var sl = slot(C[3 * i], C[3 * i + 1], C[3 * i + 2], j, ks.length);
        s += place(sl[0], sl[1], sl[2] / 100, kit.pieces[k]);
      }
    }
    s += kit.over[f];
    if (names || kit.numbered) { s += kit.names[f]; }
    (marks.captured || []).forEach(function (c) { if (c >= 0 && c < ncell) { s += place(C[3 * c], C[3 * c + 1], C[3 * c + 2] / 100, kit.cross); } });
    s += arrow(marks.bad ? kit.arrows.bad : kit.arrows.move, points(marks.path || []));
    (marks.legal || []).forEach(function (p) { s += arrow(kit.arrows.legal, points(p)); });
    return s + '</svg>\n';
  }
  var parser = new DOMParser();
  function draw(host, kit, cells, marks, flip, names, title) {
    var doc = parser.parseFromString(compose(kit, cells, marks, flip, names, title), 'image/svg+xml');
    host.textContent = '';
    host.appendChild(document.importNode(doc.documentElement, true));
  }

  // h builds an element; text goes in as a text node, never as markup.
  function h(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function add(parent, child) { parent.appendChild(child); return child; }
  function button(parent, label, title, cls) {
    var b = add(parent, h('button', cls || null, label));
    b.type = 'button';
    if (title) { b.title = title; }
    return b;
  }

  function figure(bd) {
    var kit = scenes[bd.s];
    var fig = h('figure', 'board');
    fig.setAttribute('data-scene', String(bd.s));
    if (!kit) { return fig; }
    var host = add(fig, h('div', 'pic'));
    draw(host, kit, decode(bd.p), bd.k || {}, false, false, bd.t);
    var cap = add(fig, h('figcaption', null, (bd.c || bd.t) + ' '));
    var key = add(cap, h('span', 'key'));
    add(key, h('span', 'k-bad', 'written move'));
    key.appendChild(document.createTextNode(' '));
    add(key, h('span', 'k-legal', 'legal moves'));
    return fig;
  }

  var active = null; // the viewer the keys step

  function plainText(kit, marks) {
    var p = marks.path || [];
    if (p.length < 2) { return ''; }
    return kit.cellnames[p[0]] + ((marks.captured || []).length ? 'x' : '-') + kit.cellnames[p[p.length - 1]];
  }

  // nodes builds a film's tree: node 0 the start, 1..n the main line's
  // plies, then the variations' plies; each knows its parent, the ply
  // that goes on in its own line (cont) and the variations that replace
  // that ply (alts).
  function nodes(film, kit) {
    var plies = film.m ? film.m.split(' ') : [], n = plies.length, texts = {}, info = {};
    for (var j = 0; j + 1 < (film.w || []).length; j += 2) { texts[film.w[j]] = film.w[j + 1]; }
    for (j = 0; j + 3 < (film.i || []).length; j += 4) { info[film.i[j]] = film.i.slice(j + 1, j + 4); }
    var all = [{ id: 0, parent: -1, cells: decode(film.p), marks: {}, text: 'start', alts: [], cont: -1, main: true }];
    for (var i = 0; i < n; i++) {
      var step = applyPly(all[i].cells, plies[i]), x = info[i] || ['', '', ''];
      var text = Object.prototype.hasOwnProperty.call(texts, i) ? texts[i] : plainText(kit, step.marks);
      all.push({ id: i + 1, parent: i, cells: step.cells, marks: step.marks, text: text, num: x[0], comment: x[1], note: x[2], alts: [], cont: -1, main: true, ply: i + 1 });
      all[i].cont = i + 1;
    }
    (film.v || []).forEach(function (v, k) {
      var parent = v[0] >= 0 ? v[0] : n - v[0];
      var from = all[parent];
      if (!from) { return; }
      var step = applyPly(from.cells, v[2]);
      var node = { id: n + 1 + k, parent: parent, alt: v[1] === 1, cells: step.cells, marks: step.marks, text: v[3], num: v[4], comment: v[5], note: v[6], alts: [], cont: -1, varIndex: k };
      all.push(node);
      if (node.alt) { from.alts.push(node.id); } else if (from.cont < 0) { from.cont = node.id; }
    });
    return all;
  }

  // comment writes a move's comment: its words, and the commands
  // broadcasts embed ([%clock w1:29:52 B1:28:30], [%eval 0.3]) smaller and
  // grey, so that a comment an annotator wrote stands out.
  function comment(parent, text) {
    var re = /\[%[^\]]*\]/g, last = 0, m;
    while ((m = re.exec(text)) !== null) {
      var words = text.slice(last, m.index).trim();
      if (words) { add(parent, h('span', 'comment', words)); }
      add(parent, h('span', 'cmd', m[0].slice(2, -1)));
      last = re.lastIndex;
    }
    var rest = text.slice(last).trim();
    if (rest) { add(parent, h('span', 'comment', rest)); }
  }

  function viewer(film) {
    var kit = scenes[film.s];
    var v = h('div', 'viewer');
    v.tabIndex = 0;
    v.setAttribute('data-scene', String(film.s));
    if (!kit) { return v; }
    var all = nodes(film, kit), flip = false, names = false;
    var bar = add(v, h('div', 'controls'));
    [['first', '\u00ab', 'start (Home)'], ['prev', '\u25c0', 'back (left arrow)'], ['next', '\u25b6', 'forward (right arrow)'], ['last', '\u00bb', 'end of the line (End)']].forEach(function (c) {
      button(bar, c[1], c[2]).setAttribute('data-step', c[0]);
    });
    button(bar, 'flip', 'turn the board round (f)').setAttribute('data-step', 'flip');
    if (!kit.numbered) { button(bar, 'names', 'the squares\u2019 names (n)').setAttribute('data-step', 'names'); }
    var leave = button(bar, 'leave variation', 'back to the line it branches from (up arrow, Esc)');
    leave.setAttribute('data-step', 'leave');
    var label = add(bar, h('span', 'ply'));
    var main = add(v, h('div', 'vmain'));
    var pic = add(main, h('div', 'pic'));
    var list = add(main, h('div', 'moves'));
    var note = add(v, h('p', 'note'));
    var spans = {};
    // line writes a line of moves from node id on, each variation in
    // brackets after the move it replaces.
    function line(parent, id, depth) {
      for (var first = true; id >= 0; first = false) {
        var node = all[id];
        if (node.num) { add(parent, h('span', 'num', node.num)); } else if (first && depth > 0) { add(parent, h('span', 'num', '\u2026')); }
        var s = add(parent, h('span', 'mv', node.text));
        s.setAttribute('data-node', String(id));
        spans[id] = s;
        if (node.comment) { comment(parent, node.comment); }
        var alts = all[node.parent].alts;
        if (node.parent >= 0 && all[node.parent].cont === id && alts.length) {
          alts.forEach(function (a) {
            var box = add(parent, h('span', 'var'));
            if (depth < 20) { line(box, a, depth + 1); } else { box.textContent = '(\u2026)'; }
          });
        }
        parent.appendChild(document.createTextNode(' '));
        id = node.cont;
      }
    }
    if (all[0].cont >= 0) { line(list, all[0].cont, 0); }
    var at = 0, shown = null;
    function end(id) { while (all[id].cont >= 0) { id = all[id].cont; } return id; }
    function altRoot(id) { while (id > 0 && !all[id].alt) { id = all[id].parent; } return id; }
    function show(id) {
      at = Math.max(0, Math.min(all.length - 1, id));
      var node = all[at];
      draw(pic, kit, node.cells, node.marks, flip, names, node.text);
      if (shown) { shown.classList.remove('cur'); }
      shown = spans[at] || null;
      if (shown) {
        shown.classList.add('cur');
        var top = shown.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 20) { list.scrollTop = Math.max(0, top - list.clientHeight / 2); }
      }
      var where = node.main ? 'ply ' + node.ply + '/' + (film.m ? film.m.split(' ').length : 0) : 'variation';
      label.textContent = at === 0 ? 'start' : where + ': ' + (node.num ? node.num + ' ' : '') + node.text;
      note.textContent = node.note || '';
      note.hidden = !node.note;
      leave.hidden = !altRoot(at);
      v.setAttribute('data-ply', node.main ? String(node.ply || 0) : 'v' + node.varIndex);
    }
    v.viewer = {
      step: function (what) {
        var node = all[at];
        if (what === 'first') { show(0); } else if (what === 'prev') { if (node.parent >= 0) { show(node.parent); } }
        else if (what === 'next') { if (node.cont >= 0) { show(node.cont); } } else if (what === 'last') { show(end(at)); }
        else if (what === 'down') { if (node.cont >= 0 && all[at].alts.length) { show(all[at].alts[0]); } }
        else if (what === 'leave') { var r = altRoot(at); if (r) { show(all[r].parent); } }
        else if (what === 'flip') { flip = !flip; show(at); } else if (what === 'names') { names = !names; show(at); }
      },
      show: show,
      marks: function () { return all[at].marks; } // for tests: what the picture marks
    };
    v.addEventListener('click', function (e) {
      active = v;
      var t = e.target, s = t.getAttribute && t.getAttribute('data-step'), n = t.getAttribute && t.getAttribute('data-node');
      if (s) { v.viewer.step(s); } else if (n) { show(+n); }
    });
    v.addEventListener('focus', function () { active = v; });
    show(end(0));
    return v;
  }

  function where(g, line, col) { return files[g.f] + ':' + line + ':' + col; }
  var rank = { error: 0, warning: 1, note: 2 };

  // fill builds a game's section the first time it is opened: its errors
  // (each with its board), then its warnings and notes, the replay, the
  // tags.
  function fill(d, g) {
    if (d.filled) { return; }
    d.filled = true;
    var body = add(d, h('div', 'body'));
    add(body, h('p', 'verdict-line', g.s));
    if (g.d && g.d.length) {
      var ol = add(body, h('ol', 'diags'));
      g.d.map(function (x, i) { return [rank[x.s] || 0, i, x]; }).sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; }).forEach(function (e) {
        var x = e[2];
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
    if (g.t && g.t.length) {
      var tags = add(body, h('table', 'tags'));
      for (var i = 0; i + 1 < g.t.length; i += 2) {
        var tr = add(tags, h('tr'));
        add(tr, h('th', null, g.t[i]));
        add(tr, h('td', null, g.t[i + 1]));
      }
    }
  }

  function gameSection(g) {
    var d = h('details', 'game ' + (g.x ? 'invalid' : g.w ? 'warned' : 'valid'));
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
    var map = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', ArrowDown: 'down', ArrowUp: 'leave', Escape: 'leave', f: 'flip', n: 'names' };
    if (map[e.key]) { active.viewer.step(map[e.key]); e.preventDefault(); }
  });

  // The sticky filter bar's height, so a heading or game scrolled to is
  // never under it.
  function barHeight() {
    var bar = document.getElementById('filters');
    document.documentElement.style.setProperty('--bar', bar.offsetHeight + 'px');
  }
  window.addEventListener('resize', barHeight);

  var games, files;
  function group(g) { return g.x ? 0 : g.w ? 1 : 2; }
  var GROUPS = ['games with errors', 'games with warnings', 'valid games'];
  function main(d) {
    data = d;
    window.arbiterData = d; // for tests and the curious: the page's data
    window.arbiterCompose = function (s, pos, marks, flip, names, title) { return compose(scenes[s], decode(pos), marks, flip, names, title); };
    scenes = data.scenes || [];
    games = data.games || [];
    files = data.files || [];
    // Errors first, then warnings, then the valid games, each in input order.
    var order = games.map(function (g, i) { return i; }).sort(function (a, b) { return group(games[a]) - group(games[b]) || a - b; });
    var list = document.getElementById('games'), more = document.getElementById('more');
    var PAGE = 200, shown = [], next = 0, opened = 0, lastGroup = -1;
    function showMore() {
      var end = Math.min(shown.length, next + PAGE);
      for (; next < end; next++) {
        var g = games[shown[next]], gr = group(g);
        if (gr !== lastGroup) {
          lastGroup = gr;
          var n = 0;
          for (var j = next; j < shown.length && group(games[shown[j]]) === gr; j++) { n++; }
          var head = add(list, h('h2', 'group g' + gr, GROUPS[gr] + ' (' + n + ')'));
          head.id = 'group-' + gr;
        }
        var sec = add(list, gameSection(g));
        if (g.x && opened < data.open) { opened++; sec.open = true; fill(sec, g); }
      }
      more.hidden = next >= shown.length;
      more.textContent = 'show ' + Math.min(PAGE, shown.length - next) + ' more of ' + (shown.length - next) + ' games';
    }
    more.addEventListener('click', showMore);

    var fErrors = document.getElementById('f-errors'), fCode = document.getElementById('f-code'), fFile = document.getElementById('f-file');
    function filter() {
      var code = fCode.value, file = fFile.value;
      shown = [];
      order.forEach(function (i) {
        var g = games[i];
        if ((!fErrors.checked || g.x) && (!code || (g.c || []).indexOf(code) >= 0) && (file === '' || String(g.f) === file)) { shown.push(i); }
      });
      list.textContent = '';
      next = 0;
      lastGroup = -1;
      active = null;
      document.getElementById('f-count').textContent = shown.length + ' of ' + games.length + ' games shown';
      showMore();
    }
    [fErrors, fCode, fFile].forEach(function (x) { x.addEventListener('change', filter); });
    Array.prototype.forEach.call(document.querySelectorAll('button.code-filter'), function (btn) {
      btn.addEventListener('click', function () {
        fCode.value = btn.getAttribute('data-code');
        filter();
        list.scrollIntoView();
      });
    });
    filter();
    barHeight();
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
