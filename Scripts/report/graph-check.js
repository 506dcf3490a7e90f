// Checks the cause graphs of a tracecli report as the browser drew them, and writes what it
// found as JSON into a pre element with the id graph-check at the end of the page (read it
// with `chromium --headless --dump-dom`). ReportCommandTests injects it into its copy of a page.
//
// Per graph: no edge passes through a node box other than its own ends' (its path sampled
// every 2 px with getPointAtLength); no two edge labels overlap, nor a label and a node box;
// node texts fit their boxes; every text is drawn at 10 px or more; every box and label lies
// inside the drawing; and every node a finding names carries the finding's mark (an error's
// red wins), an update loop's edges are red and a fan-out's edge bold.
(function () {
  var problems = [];
  var counts = { graphs: 0, nodes: 0, edges: 0, samples: 0, labels: 0, marks: 0 };
  var findings = JSON.parse(document.getElementById('findings-data').textContent).findings;

  // An element's box in its drawing's coordinates (its own transforms applied).
  function box(element) {
    var b = element.getBBox(), svg = element.ownerSVGElement;
    var m = svg.getScreenCTM().inverse().multiply(element.getScreenCTM());
    var xs = [], ys = [];
    [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].forEach(function (c) {
      xs.push(m.a * c[0] + m.c * c[1] + m.e);
      ys.push(m.b * c[0] + m.d * c[1] + m.f);
    });
    var x = Math.min.apply(null, xs), y = Math.min.apply(null, ys);
    return { x: x, y: y, w: Math.max.apply(null, xs) - x, h: Math.max.apply(null, ys) - y };
  }
  function overlap(a, b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }
  function inside(p, b, inset) {
    return p.x > b.x + inset && p.x < b.x + b.w - inset && p.y > b.y + inset && p.y < b.y + b.h - inset;
  }
  function within(inner, outer, slack) {
    return inner.x >= outer.x - slack && inner.y >= outer.y - slack &&
      inner.x + inner.w <= outer.x + outer.w + slack && inner.y + inner.h <= outer.y + outer.h + slack;
  }

  document.querySelectorAll('svg.graph').forEach(function (svg, g) {
    counts.graphs++;
    var name = 'graph ' + (g + 1);
    var view = svg.viewBox.baseVal;
    var drawing = { x: 0, y: 0, w: view.width, h: view.height };
    var scale = svg.getScreenCTM().a;
    var scroll = svg.parentElement;
    if (getComputedStyle(scroll).overflowX !== 'auto') problems.push(name + ': its box does not scroll');
    svg.querySelectorAll('text').forEach(function (text) {
      var size = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (size < 9.95) problems.push(name + ': "' + text.textContent + '" is drawn at ' + size.toFixed(1) + ' px');
    });

    var nodes = {};
    svg.querySelectorAll('g.node').forEach(function (node) {
      counts.nodes++;
      var rect = box(node.querySelector('rect'));
      nodes[node.dataset.node] = { box: rect, label: node.dataset.label, element: node };
      if (!within(rect, drawing, 0)) problems.push(name + ': node ' + node.dataset.label + ' is cut off');
      node.querySelectorAll('text').forEach(function (text) {
        if (!within(box(text), rect, 0)) {
          problems.push(name + ': "' + text.textContent + '" does not fit its box');
        }
      });
    });

    svg.querySelectorAll('path.edge').forEach(function (path) {
      counts.edges++;
      var from = path.dataset.from, to = path.dataset.to, length = path.getTotalLength();
      var edge = nodes[from].label + ' → ' + nodes[to].label;
      var hit = {};
      for (var at = 0; at <= length; at += 2) {
        var point = path.getPointAtLength(at);
        counts.samples++;
        for (var id in nodes) {
          if (id === from || id === to || hit[id] || !inside(point, nodes[id].box, 0.5)) continue;
          hit[id] = true;
          problems.push(name + ': edge ' + edge + ' passes through ' + nodes[id].label +
            ' at ' + point.x.toFixed(1) + ',' + point.y.toFixed(1));
        }
      }
    });

    var labels = [];
    svg.querySelectorAll('text.edgelabel').forEach(function (text) {
      counts.labels++;
      var label = { box: box(text), text: text.textContent };
      if (!within(label.box, drawing, 0)) problems.push(name + ': label ' + label.text + ' is cut off');
      labels.forEach(function (other) {
        if (overlap(label.box, other.box)) problems.push(name + ': labels ' + label.text + ' and ' + other.text + ' overlap');
      });
      for (var id in nodes) {
        if (overlap(label.box, nodes[id].box)) problems.push(name + ': label ' + label.text + ' covers ' + nodes[id].label);
      }
      labels.push(label);
    });

    findings.forEach(function (finding, index) {
      var named = {};
      finding.nodes.forEach(function (label) { named[label] = true; });
      for (var id in nodes) {
        var node = nodes[id];
        if (!named[node.label]) continue;
        counts.marks++;
        var classes = node.element.classList;
        if (!classes.contains('marked') || !(classes.contains(finding.severity) || classes.contains('error'))) {
          problems.push(name + ': ' + node.label + ' of finding ' + (index + 1) + ' is not marked ' + finding.severity);
        }
      }
      svg.querySelectorAll('path.edge').forEach(function (path) {
        var from = nodes[path.dataset.from].label, to = nodes[path.dataset.to].label;
        if (finding.rule === 'update-loop' && named[from] && named[to] && !path.classList.contains('error')) {
          problems.push(name + ': loop edge ' + from + ' → ' + to + ' is not red');
        }
        if (finding.rule === 'fan-out' && from === finding.nodes[0] && to === finding.nodes[1] &&
          !path.classList.contains('bold')) {
          problems.push(name + ': fan-out edge ' + from + ' → ' + to + ' is not bold');
        }
      });
    });
  });

  var result = document.createElement('pre');
  result.id = 'graph-check';
  result.textContent = JSON.stringify({ counts: counts, problems: problems });
  document.body.appendChild(result);
})();
