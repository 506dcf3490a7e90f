extension ReportRenderer {
  /// The page's CSS: system fonts, light and dark colours, the instrument's gray, orange and red.
  static let style = """
    :root { color-scheme: light dark; --bg: #ffffff; --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7;
      --panel: #f5f5f7; --lane: #f0f0f3; --gray: #a1a1a8; --orange: #ff9500; --red: #ff3b30;
      --accent: #0a66d8; --group: #7d7aff; --hitch: #c9348a; --hang: #8e44ad; --frame: #9a9aa2;
      --user-fill: #cfe2ff; --user-line: #2f6fd0; --user-text: #0b2545;
      --sys-fill: #e6e6e6; --sys-line: #8a8a8a; --sys-text: #1e1e1e;
      --dim-fill: #f6f6f6; --dim-line: #c2c2c2; --dim-text: #9a9a9a;
      --unk-fill: #fde3e1; --unk-line: #c0392b; --unk-text: #7b241c; --edge: #5f6b7a;
      --missed: var(--fg); }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #161618; --fg: #f2f2f7; --muted: #a1a1a8; --line: #3a3a3f; --panel: #222226;
        --lane: #1e1e22; --gray: #6e6e76; --orange: #ff9f0a; --red: #ff453a; --accent: #5ea2ff;
        --group: #8f8cff; --hitch: #e0529f; --hang: #b36ad6; --frame: #74747c;
        --user-fill: #17325c; --user-line: #5e9bff; --user-text: #e3eeff;
        --sys-fill: #3a3a3f; --sys-line: #8e8e93; --sys-text: #f2f2f7;
        --dim-fill: #26262a; --dim-line: #55555b; --dim-text: #8e8e93;
        --unk-fill: #4a1c19; --unk-line: #ff6b5e; --unk-text: #ffd6d2; --edge: #9aa5b4; } }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1400px; padding: 20px 28px 40px; background: var(--bg); color: var(--fg);
      font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif; }
    h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--line);
      padding-bottom: 4px; } h3 { font-size: 14px; margin: 16px 0 6px; }
    a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
    code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .meta, .hint, .none, footer { color: var(--muted); } .hint { font-size: 12px; margin: 4px 0; }
    .cards { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 14px; }
    .card { background: var(--panel); border-radius: 10px; padding: 8px 14px; min-width: 150px; display: flex;
      flex-direction: column; } .card .label { font-size: 12px; color: var(--muted); }
    .card .value { font-size: 22px; font-weight: 600; } .card .detail { font-size: 12px; color: var(--muted); }
    .card.alert .value { color: var(--red); }
    ol.findings { padding-left: 22px; } ol.findings li { margin: 5px 0; }
    .badge { display: inline-block; font-size: 11px; font-weight: 600; text-transform: uppercase; border-radius: 4px;
      padding: 0 6px; margin-right: 6px; color: #fff; background: var(--orange); }
    .error .badge { background: var(--red); }
    .rule { font: 12px ui-monospace, Menlo, monospace; color: var(--muted); margin-right: 8px; }
    .cost { color: var(--muted); margin-left: 8px; font-size: 12px; }
    .scroll { overflow-x: auto; } svg.graph, svg.timeline, svg.strip { max-width: 100%; height: auto; }
    svg text { fill: var(--fg); font: 11px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
    svg .lane { font-weight: 600; font-size: 12px; } .lanebg { fill: var(--lane); }
    .axis line { stroke: var(--muted); } .axis text { fill: var(--muted); text-anchor: middle; }
    .sev0 { fill: var(--gray); } .sev1 { fill: var(--orange); } .sev2 { fill: var(--red); }
    text.bar { fill: #fff; font-size: 10.5px; } text.bar.sev0 { fill: #1d1d1f; }
    svg.zoomed .cols, svg.framed .framecols { display: none; }
    rect.due { fill: var(--red); } .fine { opacity: .35; } rect.one { stroke: var(--bg); stroke-width: .5; }
    text.one { font-size: 9.5px; pointer-events: none; }
    .frame { fill: var(--frame); } .missed { fill: var(--missed); } .group { fill: var(--group); opacity: .6; }
    .hitch { fill: var(--hitch); } .hang { fill: var(--hang); }
    .cursor { stroke: var(--accent); stroke-width: 1; vector-effect: non-scaling-stroke; }
    svg.timeline { cursor: crosshair; user-select: none; }
    .tip { position: fixed; pointer-events: none; background: var(--panel); border: 1px solid var(--line);
      border-radius: 6px; padding: 4px 8px; font-size: 12px; white-space: pre; box-shadow: 0 2px 8px rgba(0,0,0,.15); }
    .legend { font-size: 12px; color: var(--muted); } .swatch { display: inline-block; width: 12px; height: 10px;
      margin: 0 4px 0 10px; border-radius: 2px; vertical-align: -1px; }
    .swatch.sev0 { background: var(--gray); } .swatch.sev1 { background: var(--orange); }
    .swatch.sev2 { background: var(--red); } .swatch.missed { background: var(--missed); } .swatch.group { background: var(--group); }
    .swatch.hitch { background: var(--hitch); } .swatch.hang { background: var(--hang); }
    .overrun { fill: var(--red); opacity: .12; } .mark { stroke: var(--muted); }
    .deadline { stroke: var(--missed); stroke-dasharray: 4 3; stroke-width: 1.5; } .marklabel { fill: var(--muted); }
    .node rect { stroke-width: 1.3; } .node.user rect { fill: var(--user-fill); stroke: var(--user-line); }
    .node.user text { fill: var(--user-text); } .node.system rect { fill: var(--sys-fill); stroke: var(--sys-line); }
    .node.system text { fill: var(--sys-text); }
    .node.dimmed rect { fill: var(--dim-fill); stroke: var(--dim-line); stroke-dasharray: 5 3; }
    .node.dimmed text { fill: var(--dim-text); }
    .node.unknown rect { fill: var(--unk-fill); stroke: var(--unk-line); stroke-dasharray: 5 3; }
    .node.unknown text { fill: var(--unk-text); } .node.focus rect { stroke-width: 3; }
    .node.warning rect { stroke: var(--orange); stroke-width: 2.5; } .node.error rect { stroke: var(--red); stroke-width: 2.5; }
    .node.focus.warning rect, .node.focus.error rect { stroke-width: 3.5; }
    .node .title { font-size: 13px; text-anchor: middle; } .node.focus .title { font-weight: 700; }
    .node .caption { font-size: 11px; text-anchor: middle; opacity: .85; }
    .edge { fill: none; stroke: var(--edge); opacity: .8; }
    .edge.warning { stroke: var(--orange); opacity: .9; } .edge.error { stroke: var(--red); opacity: .9; }
    .arrowhead { fill: var(--edge); } .arrowhead.warning { fill: var(--orange); } .arrowhead.error { fill: var(--red); }
    .edgelabel { font-size: 11px; fill: var(--muted); text-anchor: middle; paint-order: stroke;
      stroke: var(--bg); stroke-width: 4px; stroke-linejoin: round; }
    .edgelabel.warning { fill: var(--orange); } .edgelabel.error { fill: var(--red); }
    .leader { stroke: var(--muted); stroke-width: .8; stroke-dasharray: 2 2; }
    .legend .item { white-space: nowrap; } .swatch.node-user { background: var(--user-fill); border: 1.5px solid var(--user-line); }
    .swatch.node-system { background: var(--sys-fill); border: 1.5px solid var(--sys-line); }
    .swatch.node-dimmed { background: var(--dim-fill); border: 1.5px dashed var(--dim-line); }
    .swatch.node-unknown { background: var(--unk-fill); border: 1.5px dashed var(--unk-line); }
    .swatch.node-error { border: 2.5px solid var(--red); } .swatch.node-warning { border: 2.5px solid var(--orange); }
    .swatch.edge-error, .swatch.edge-warning, .swatch.edge-bold { height: 3px; width: 18px; border-radius: 0;
      vertical-align: 3px; } .swatch.edge-error { background: var(--red); }
    .swatch.edge-warning { background: var(--orange); } .swatch.edge-bold { height: 6px; background: var(--edge); vertical-align: 1px; }
    table { border-collapse: collapse; width: 100%; font-size: 13px; }
    th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
    th { cursor: pointer; user-select: none; position: sticky; top: 0; background: var(--bg); }
    th.sorted::after { content: " ▾"; } th.sorted.up::after { content: " ▴"; }
    .num { text-align: right; font-variant-numeric: tabular-nums; }
    tr.red td:first-child { border-left: 3px solid var(--red); } tr.orange td:first-child { border-left: 3px solid var(--orange); }
    tbody tr:hover { background: var(--panel); }
    article { background: var(--panel); border-radius: 10px; padding: 2px 16px 8px; margin: 12px 0;
      border-left: 4px solid var(--orange); } article.error { border-left-color: var(--red); }
    article:target { outline: 2px solid var(--accent); }
    pre { font: 12px ui-monospace, Menlo, monospace; background: var(--bg); padding: 8px; border-radius: 6px; overflow-x: auto; }
    footer { margin-top: 36px; font-size: 12px; }

    """

  /// The page's JavaScript: sortable tables, the timeline's hover text, zoom and pan.
  static let script = """
    (function () {
      document.querySelectorAll('table.sortable').forEach(function (table) {
        table.querySelectorAll('th').forEach(function (th, column) {
          th.addEventListener('click', function () {
            var up = th.classList.contains('sorted') && !th.classList.contains('up');
            table.querySelectorAll('th').forEach(function (h) { h.classList.remove('sorted', 'up'); });
            th.classList.add('sorted'); if (up) th.classList.add('up');
            var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
            rows.sort(function (a, b) {
              var x = a.cells[column], y = b.cells[column], d;
              if (x.dataset.v !== undefined) d = Number(x.dataset.v) - Number(y.dataset.v);
              else d = x.textContent.localeCompare(y.textContent);
              return up ? d : -d;
            });
            rows.forEach(function (row) { body.appendChild(row); });
          });
        });
      });
      var svg = document.getElementById('tl'); if (!svg) return;
      var plot = document.getElementById('tl-plot'), axis = document.getElementById('tl-axis');
      var tip = document.getElementById('tl-tip'), cursor = document.getElementById('tl-cursor');
      var data = JSON.parse(document.getElementById('tl-data').textContent);
      var columns = Number(svg.dataset.columns), width = Number(svg.dataset.width);
      var start = Number(svg.dataset.start), origin = Number(svg.dataset.origin);
      var gutter = Number(plot.getAttribute('x')), height = Number(plot.getAttribute('height'));
      var view = { from: 0, to: columns }, drag = null, ns = 'http://www.w3.org/2000/svg';
      function fmt(t) { var a = Math.abs(t);
        if (a < 1e3) return t + ' ns'; if (a < 1e6) return (t / 1e3).toPrecision(3) + ' µs';
        if (a < 1e9) return (t / 1e6).toPrecision(3) + ' ms'; return (t / 1e9).toPrecision(3) + ' s'; }
      function nice(r) { var p = 1; while (p * 10 <= r) p *= 10;
        var f = [1, 2, 5, 10]; for (var i = 0; i < f.length; i++) if (f[i] * p >= r) return f[i] * p; return 10 * p; }
      function drawAxis() {
        while (axis.firstChild) axis.removeChild(axis.firstChild);
        var offset = start - origin, step = nice((view.to - view.from) * width / 8);
        for (var k = Math.ceil((offset + view.from * width) / step); k * step <= offset + view.to * width; k++) {
          var x = gutter + ((k * step - offset) / width - view.from) / (view.to - view.from) * columns;
          var line = document.createElementNS(ns, 'line');
          line.setAttribute('x1', x); line.setAttribute('x2', x); line.setAttribute('y1', 14); line.setAttribute('y2', 20);
          var text = document.createElementNS(ns, 'text');
          text.setAttribute('x', x); text.setAttribute('y', 11); text.textContent = fmt(k * step);
          axis.appendChild(line); axis.appendChild(text);
        }
      }
      // Zoomed in: the fine columns (decoded once) and the updates the page holds one by one.
      var detail = document.getElementById('tl-detail'), fine = data.fine, fineWidth = fine.width;
      var fineCount = columns * fine.factor, laneY = data.laneY, laneH = data.laneH, rowH = (laneH - 2) / 3;
      var fineLanes = fine.lanes.map(function (lane) {
        var h = new Uint8Array(fineCount), w = new Uint8Array(fineCount), l = new Int32Array(fineCount), d = new Float64Array(fineCount), k = 0;
        for (var j = 0; j < lane.i.length; j++) { k += lane.i[j];
          h[k] = lane.h.charCodeAt(j) - 48; w[k] = lane.w.charCodeAt(j) - 48; l[k] = lane.l[j] + 1; d[k] = lane.d[j]; }
        return { h: h, w: w, l: l, d: d }; });
      // Starts from the timeline's start, and the latest end up to each update (it only grows:
      // the first update in view is found by halving).
      var det = data.detail, count = det.d.length, at0 = new Float64Array(count), reach = new Float64Array(count);
      for (var j = 0, t = 0, r = -Infinity; j < count; j++) {
        t += det.s[j]; at0[j] = t; r = Math.max(r, t + det.d[j]); reach[j] = r; }
      var bars = [], barLimit = 3000, cut = 0;
      // Frames with updates and the missed ones, by time from the timeline's start.
      var frameAt = [], missed = det.missed;
      for (var j = 0, t = 0; j < det.frames.length; j++) { t += det.frames[j]; frameAt.push(t); }
      function firstAfter(list, time) {  // the first index whose value is over time
        var lo = 0, hi = list.length;
        while (lo < hi) { var mid = (lo + hi) >> 1; if (list[mid] <= time) lo = mid + 1; else hi = mid; }
        return lo; }
      // The missed frame whose work holds time (from the timeline's start), or -1.
      function missedAt(time) {
        for (var k = firstAfter(missed.s, time) - 1; k >= 0 && k >= firstAfter(missed.s, time) - 8; k--)
          if (time < missed.s[k] + Math.max(missed.end[k], 1)) return k;
        return -1; }
      function severity(d) { return d > data.red ? 2 : d > data.orange ? 1 : 0; }
      function zoomed() { return view.to - view.from <= columns / 2; }
      function complete(c) { return det.complete.some(function (r) { return c >= r[0] && c < r[1]; }); }
      function add(name, attributes, text) {
        var node = document.createElementNS(ns, name);
        for (var key in attributes) node.setAttribute(key, attributes[key]);
        if (text) node.textContent = text; detail.appendChild(node); return node; }
      function drawDetail() {
        while (detail.firstChild) detail.removeChild(detail.firstChild);
        bars = []; cut = 0; svg.classList.remove('framed'); svg.classList.toggle('zoomed', zoomed()); if (!zoomed()) return;
        var from = view.from * width, to = view.to * width, scale = columns / (to - from);
        // Each lane's fine columns, per pixel their tallest bar and worst severity, in runs.
        fineLanes.forEach(function (lane, i) {
          var tall = new Uint8Array(columns), worst = new Uint8Array(columns);
          var first = Math.max(0, Math.floor(from / fineWidth)), last = Math.min(fineCount - 1, Math.floor(to / fineWidth));
          for (var k = first; k <= last; k++) { if (!lane.h[k]) continue;
            var x0 = Math.max(0, Math.floor((k * fineWidth - from) * scale));
            var x1 = Math.min(columns, Math.max(x0 + 1, Math.ceil(((k + 1) * fineWidth - from) * scale)));
            for (var x = x0; x < x1; x++) { tall[x] = Math.max(tall[x], lane.h[k]); worst[x] = Math.max(worst[x], lane.w[k]); } }
          for (var x = 0; x < columns;) { var e = x + 1;
            while (e < columns && tall[e] === tall[x] && worst[e] === worst[x]) e++;
            if (tall[x]) { var h = laneH * tall[x] / 8;
              add('rect', { 'class': 'fine sev' + worst[x], x: gutter + x, y: laneY[i] + laneH - h, width: e - x, height: h }); }
            x = e; } });
        // Frames at their starts; missed ones from work start to work end, the deadline marked.
        if (det.framed) {
          svg.classList.add('framed');
          for (var k = firstAfter(frameAt, from) - 1, n = 0; k < frameAt.length && n < 4000; k++, n++) {
            if (k < 0) continue; if (frameAt[k] >= to) break;
            var x = (frameAt[k] - from) * scale;
            add('rect', { 'class': 'frame', x: gutter + x, y: data.frameY + data.frameH * 0.55, width: 1, height: data.frameH * 0.45 }); }
          for (var k = Math.max(0, firstAfter(missed.s, from) - 8); k < missed.s.length && missed.s[k] < to; k++) {
            var x0 = (missed.s[k] - from) * scale, x1 = Math.max(x0 + 2, (missed.s[k] + missed.end[k] - from) * scale);
            if (x1 < 0) continue;
            add('rect', { 'class': 'missed', x: gutter + Math.max(x0, -2), y: data.frameY + 2, width: Math.min(x1, columns + 2) - Math.max(x0, -2), height: data.frameH * 0.4 });
            var xd = (missed.s[k] + missed.deadline[k] - from) * scale;
            if (xd >= 0 && xd <= columns) add('rect', { 'class': 'due', x: gutter + xd, y: data.frameY, width: 1.5, height: data.frameH }); }
        }
        // The updates in view, the longest if too many, each in the first of three rows free.
        var list = [], lo = 0, hi = count;
        while (lo < hi) { var mid = (lo + hi) >> 1; if (reach[mid] <= from) lo = mid + 1; else hi = mid; }
        for (var j = lo; j < count && at0[j] < to; j++) if (at0[j] + det.d[j] > from) list.push(j);
        if (list.length > barLimit) { cut = list.length;
          list.sort(function (a, b) { return det.d[b] - det.d[a] || a - b; }); list = list.slice(0, barLimit);
          list.sort(function (a, b) { return a - b; }); }
        var ends = data.laneY.map(function () { return [-1e9, -1e9, -1e9]; });
        list.forEach(function (j) {
          var lane = Number(det.k[j]), x0 = (at0[j] - from) * scale, x1 = Math.max(x0 + 1, (at0[j] + det.d[j] - from) * scale);
          var row = ends[lane].findIndex(function (e) { return e <= x0; });
          if (row < 0) row = ends[lane].indexOf(Math.min.apply(null, ends[lane]));
          ends[lane][row] = x1 + 1;
          var left = Math.max(x0, -2), right = Math.min(x1, columns + 2), y = laneY[lane] + 1 + row * rowH, sev = severity(det.d[j]);
          add('rect', { 'class': 'one sev' + sev, x: gutter + left, y: y, width: right - left, height: rowH - 1, rx: 1.5 });
          // The lane names the kind: a body's bar says its view only.
          var fits = Math.floor((right - left - 4) / 5.6), name = data.labels[det.v[j]].replace(lane === 0 ? /[.]body$/ : /^$/, '');
          if (fits >= 4) add('text', { 'class': 'bar one sev' + sev, x: gutter + left + 2, y: y + rowH - 3 },
            name.length <= fits ? name : name.slice(0, fits - 1) + '…');
          bars.push({ x0: gutter + left, x1: gutter + right, y0: y, y1: y + rowH, j: j }); });
      }
      function apply() {
        plot.setAttribute('viewBox', view.from + ' 0 ' + (view.to - view.from) + ' ' + height); drawAxis(); drawDetail(); }
      function columnAt(event) {
        var box = svg.getBoundingClientRect(), scale = box.width / Number(svg.getAttribute('width'));
        var x = (event.clientX - box.left) / scale - gutter;
        return view.from + x / columns * (view.to - view.from);
      }
      svg.addEventListener('wheel', function (event) {
        event.preventDefault();
        var at = columnAt(event), factor = event.deltaY < 0 ? 0.8 : 1.25;
        var span = Math.min(columns, Math.max(4, (view.to - view.from) * factor));
        var from = Math.max(0, Math.min(columns - span, at - (at - view.from) * span / (view.to - view.from)));
        view = { from: from, to: from + span }; apply();
      }, { passive: false });
      var downX = null;
      svg.addEventListener('mousedown', function (event) { drag = { x: event.clientX, from: view.from }; downX = event.clientX; });
      window.addEventListener('mouseup', function () { drag = null; });
      svg.addEventListener('dblclick', function () { view = { from: 0, to: columns }; apply(); });
      // report.html#t=0.330,0.372 opens the timeline zoomed to those seconds from the trace start.
      var asked = /^#t=([0-9.]+),([0-9.]+)$/.exec(location.hash);
      if (asked && Number(asked[2]) > Number(asked[1])) {
        var first = (Number(asked[1]) * 1e9 - (start - origin)) / width, last = (Number(asked[2]) * 1e9 - (start - origin)) / width;
        first = Math.max(0, Math.min(columns - 4, first)); last = Math.max(first + 4, Math.min(columns, last));
        view = { from: first, to: last }; apply(); window.scrollTo(0, document.getElementById('timeline').offsetTop);
      }
      // The worst missed frames have strips: a click on their column opens one.
      function stripAt(c) {
        for (var k = Math.max(0, c - 2); k <= c + 2; k++) if (data.strips[k] !== undefined) return data.strips[k];
        return null;
      }
      svg.addEventListener('click', function (event) {
        if (downX !== null && Math.abs(event.clientX - downX) > 3) return;  // the end of a drag
        var at = columnAt(event), late = svg.classList.contains('framed') ? missedAt(at * width) : -1;
        var frame = late >= 0 ? missed.n[late] : stripAt(Math.floor(at));
        var target = frame === null ? null : document.getElementById('frame-' + frame);
        if (target) target.scrollIntoView({ behavior: 'smooth' });
      });
      svg.addEventListener('mouseleave', function () { tip.hidden = true; cursor.setAttribute('x1', -10); cursor.setAttribute('x2', -10); });
      svg.addEventListener('mousemove', function (event) {
        var span = view.to - view.from;
        if (drag) {
          var box = svg.getBoundingClientRect(), scale = box.width / Number(svg.getAttribute('width'));
          var from = drag.from - (event.clientX - drag.x) / scale / columns * span;
          from = Math.max(0, Math.min(columns - span, from)); view = { from: from, to: from + span }; apply();
        }
        var at = columnAt(event), c = Math.floor(at);
        if (c < 0 || c >= columns) { tip.hidden = true; return; }
        cursor.setAttribute('x1', at); cursor.setAttribute('x2', at);
        var names = ['View Body', 'Representable', 'Other'], sev = ['', ' worst orange', ' worst red'], lines = [];
        lines.push(fmt(start - origin + Math.round(at * width)) + '  (column of ' + fmt(zoomed() ? fineWidth : width) + ')');
        var levels = ['', ' orange', ' red'];
        // Zoomed in, the update under the cursor by name, and the lanes' fine columns.
        var box = svg.getBoundingClientRect(), px = box.width / Number(svg.getAttribute('width'));
        var sx = (event.clientX - box.left) / px, sy = (event.clientY - box.top) / px;
        var hit = bars.find(function (b) { return sx >= b.x0 && sx <= b.x1 && sy >= b.y0 && sy <= b.y1; });
        if (hit) { var j = hit.j;
          lines.push(names[Number(det.k[j])] + ': ' + data.labels[det.v[j]] + ' ' + fmt(det.d[j]) + levels[severity(det.d[j])] +
            ', from ' + fmt(start - origin + at0[j])); }
        var f = Math.min(fineCount - 1, Math.floor(at * width / fineWidth));
        data.lanes.forEach(function (lane, i) {
          var parts = [];
          // Zoomed in, the fine column's longest (the counts are the columns').
          if (lane.c[c] > 0 && !zoomed()) parts.push(lane.c[c] + ' starting' + sev[Number(lane.w[c])]);
          var l = lane.l[c], d = lane.d[c];
          if (zoomed()) { l = fineLanes[i].l[f] - 1; d = fineLanes[i].d[f]; }
          if (l >= 0) parts.push('longest here ' + data.labels[l] + ' ' + fmt(d) + levels[severity(d)]);
          if (parts.length) lines.push(names[i] + ': ' + parts.join(', ')); });
        if (zoomed() && cut) lines.push('the ' + barLimit + ' longest of the ' + cut + ' updates in view are drawn; zoom in for the others');
        else if (zoomed()) lines.push(complete(c) ? 'every update here is drawn one by one'
          : 'orange and red updates are drawn one by one here, the others as columns of ' + fmt(fineWidth));
        var late = svg.classList.contains('framed') ? missedAt(at * width) : -1;
        if (late >= 0) lines.push('frame #' + missed.n[late] + ' missed its deadline by ' +
          fmt(missed.end[late] - missed.deadline[late]) + ' (' + fmt(missed.deadline[late]) + ' after its work began)');
        else if (data.frames[c] > 0 && !svg.classList.contains('framed')) lines.push('frames: ' + data.frames[c] + (data.missed[c] > 0 ? ', ' + data.missed[c] +
          ' missed (worst +' + fmt(data.overrun[c]) + ')' : ''));
        // A hitch or hang over the column: what it was (its note, at the column it starts in).
        [['hitches', 'hitchNotes', 'hitch'], ['hangs', 'hangNotes', 'hang']].forEach(function (kind) {
          if (data[kind[0]][c] !== '1') return;
          var k = c; while (k > 0 && data[kind[0]][k - 1] === '1' && !data[kind[1]][k]) k--;
          lines.push((data[kind[1]][k] || [kind[2]]).join('\\n')); });
        if (data.groups[c] === '1') lines.push('in an update group');
        var strip = late < 0 ? stripAt(c) : document.getElementById('frame-' + missed.n[late]) ? missed.n[late] : null;
        if (strip !== null) lines.push('click: the strip of frame #' + strip);
        tip.textContent = lines.join('\\n'); tip.hidden = false;
        tip.style.left = (event.clientX + 14) + 'px'; tip.style.top = (event.clientY + 14) + 'px';
      });
    })();

    """
}
