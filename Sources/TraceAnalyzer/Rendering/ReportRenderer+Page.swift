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
      function apply() {
        plot.setAttribute('viewBox', view.from + ' 0 ' + (view.to - view.from) + ' ' + height); drawAxis(); }
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
      // The worst missed frames have strips: a click on their column opens one.
      function stripAt(c) {
        for (var k = Math.max(0, c - 2); k <= c + 2; k++) if (data.strips[k] !== undefined) return data.strips[k];
        return null;
      }
      svg.addEventListener('click', function (event) {
        if (downX !== null && Math.abs(event.clientX - downX) > 3) return;  // the end of a drag
        var frame = stripAt(Math.floor(columnAt(event)));
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
        lines.push(fmt(start - origin + Math.round(at * width)) + '  (column of ' + fmt(width) + ')');
        data.lanes.forEach(function (lane, i) {
          var parts = [];
          if (lane.c[c] > 0) parts.push(lane.c[c] + ' starting' + sev[Number(lane.w[c])]);
          if (lane.l[c] >= 0) {
            var d = lane.d[c], level = d > data.red ? ' red' : d > data.orange ? ' orange' : '';
            parts.push('longest here ' + data.labels[lane.l[c]] + ' ' + fmt(d) + level);
          }
          if (parts.length) lines.push(names[i] + ': ' + parts.join(', ')); });
        if (data.frames[c] > 0) lines.push('frames: ' + data.frames[c] + (data.missed[c] > 0 ? ', ' + data.missed[c] +
          ' missed (worst +' + fmt(data.overrun[c]) + ')' : ''));
        // A hitch or hang over the column: what it was (its note, at the column it starts in).
        [['hitches', 'hitchNotes', 'hitch'], ['hangs', 'hangNotes', 'hang']].forEach(function (kind) {
          if (data[kind[0]][c] !== '1') return;
          var k = c; while (k > 0 && data[kind[0]][k - 1] === '1' && !data[kind[1]][k]) k--;
          lines.push((data[kind[1]][k] || [kind[2]]).join('\\n')); });
        if (data.groups[c] === '1') lines.push('in an update group');
        if (stripAt(c) !== null) lines.push('click: the strip of frame #' + stripAt(c));
        tip.textContent = lines.join('\\n'); tip.hidden = false;
        tip.style.left = (event.clientX + 14) + 'px'; tip.style.top = (event.clientY + 14) + 'px';
      });
    })();

    """
}
