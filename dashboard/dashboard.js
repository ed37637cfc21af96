// The httpclientbench dashboard: reads the history github-action-benchmark
// stores in ../data.js (window.BENCHMARK_DATA) and draws one chart per
// scenario (the benchmark name without its client= level), one line per
// client, for the unit chosen in the selector.
(function () {
  'use strict';

  var UNITS = {
    time: { unit: 'ns/op', title: 'ns per op (lower is better)' },
    bytes: { unit: 'B/op', title: 'bytes per op (lower is better)' },
    allocs: { unit: 'allocs/op', title: 'allocations per op (lower is better)' },
    throughput: { unit: 'MB/s', title: 'MB/s (higher is better)' },
  };
  // The clients' colours and floors come from clients.js, generated from
  // the suite's registry of clients; the TCP floor is not a client.
  var COLORS = { LoopbackRoundTrip: '#222222' };
  var FLOORS = { LoopbackRoundTrip: true };
  (window.httpclientbenchClients || []).forEach(function (c) {
    COLORS[c.name] = c.colour;
    if (c.floor) FLOORS[c.name] = true;
  });
  // LoopbackRoundTrip reproduces one H1GetBytes exchange: it is drawn there.
  var TCP_FLOOR = 'LoopbackRoundTrip', TCP_FLOOR_SCENARIO = 'H1GetBytes';

  var state = { charts: [], unit: 'time', scenarios: [] };
  window.httpclientbenchDashboard = state;

  function status(text, isError) {
    var el = document.getElementById('status');
    el.textContent = text;
    el.className = isError ? 'error' : '';
  }

  // splitName: "H1Download/size=64KiB/client=nethttp" ->
  // {family: "H1Download", scenario: "H1Download/size=64KiB", client: "nethttp"}.
  // A benchmark of another package than the suite's carries its path
  // (cmd/benchjson): "internal/load.Schedule/n=1/client=raw" -> family
  // "internal/load.Schedule", scenario "internal/load.Schedule/n=1". The
  // prefix is everything up to the first "." before any "=": a top-level
  // benchmark name has neither "." nor "/", a package path no "=".
  function splitName(name) {
    var pkg = '', m = name.match(/^([^=.]+)\.(.*)$/);
    if (m) { pkg = m[1] + '.'; name = m[2]; }
    var parts = name.split('/'), client = '', levels = [];
    for (var i = 0; i < parts.length; i++) {
      if (parts[i].indexOf('client=') === 0) client = parts[i].slice(7);
      else levels.push(parts[i]);
    }
    if (!pkg && !client && name === TCP_FLOOR) {
      return { family: TCP_FLOOR_SCENARIO, scenario: TCP_FLOOR_SCENARIO, client: TCP_FLOOR };
    }
    return { family: pkg + levels[0], scenario: pkg + levels.join('/'), client: client || levels[0] };
  }

  // A workflow run stores each of its series a moment apart. Since the
  // stores were split by unit, cmd/benchjson -run-id writes the run's id
  // into every entry's extra ("...; run=12345-1"): the stored series of one
  // commit and run id are one point, and two runs of a commit are two points
  // however close together (a push and a queued nightly, a re-run). Older
  // data has no run id: there, runs of one commit closer than SAME_RUN_MS
  // are one point, and a later run of the same commit (a nightly with no
  // new commit) is a point of its own.
  var SAME_RUN_MS = 30 * 60 * 1000;

  function runID(run) {
    var b = run.benches && run.benches[0];
    var m = b && typeof b.extra === 'string' && b.extra.match(/(?:^|;\s*)run=([^;\s]+)/);
    return m ? m[1] : '';
  }

  // model: the stored runs in date order (one point each) and, per scenario,
  // client and unit, the value at each point.
  function model(data) {
    var runs = [];
    Object.keys(data.entries).forEach(function (set) {
      data.entries[set].forEach(function (run) { runs.push(run); });
    });
    runs.sort(function (a, b) { return a.date - b.date; });
    var points = [], at = new Map();
    runs.forEach(function (run) {
      var p = null, rid = runID(run);
      for (var i = points.length - 1; i >= 0; i--) {
        var q = points[i];
        if (q.id !== run.commit.id) continue;
        if (rid ? q.run === rid : !q.run && run.date - q.date <= SAME_RUN_MS) { p = q; break; }
      }
      if (!p) {
        p = { id: run.commit.id, run: rid, url: run.commit.url, message: run.commit.message || '', date: run.date, label: run.commit.id.slice(0, 7) };
        points.push(p);
      }
      at.set(run, points.indexOf(p));
    });
    var seen = {};
    points.forEach(function (p) { seen[p.id] = (seen[p.id] || 0) + 1; });
    points.forEach(function (p) {
      if (seen[p.id] > 1) {
        p.label += ' ' + new Date(p.date).toISOString().slice(5, 16).replace('T', ' ');
        if (p.run) p.label += ' run ' + p.run;
      }
    });
    var scenarios = {}, order = [];
    runs.forEach(function (run) {
      var i = at.get(run);
      run.benches.forEach(function (b) {
        var n = splitName(b.name);
        var s = scenarios[n.scenario];
        if (!s) {
          s = scenarios[n.scenario] = { name: n.scenario, family: n.family, clients: {} };
          order.push(n.scenario);
        }
        var byUnit = s.clients[n.client] = s.clients[n.client] || {};
        var values = byUnit[b.unit] = byUnit[b.unit] || new Array(points.length).fill(null);
        values[i] = b.value;
      });
    });
    return { commits: points, scenarios: order.map(function (k) { return scenarios[k]; }) };
  }

  function render(m, unitKey) {
    var unit = UNITS[unitKey].unit;
    state.charts.forEach(function (c) { c.destroy(); });
    state.charts = [];
    state.unit = unitKey;
    state.scenarios = [];
    var root = document.getElementById('charts');
    root.textContent = '';
    var families = {};
    m.scenarios.forEach(function (s) {
      var clients = Object.keys(s.clients).filter(function (c) { return s.clients[c][unit]; });
      if (clients.length === 0) return;
      var box = families[s.family];
      if (!box) {
        var h = document.createElement('h2');
        h.textContent = s.family;
        box = families[s.family] = document.createElement('div');
        box.className = 'family';
        root.appendChild(h);
        root.appendChild(box);
      }
      var section = document.createElement('section');
      section.className = 'chart';
      section.dataset.scenario = s.name;
      var title = document.createElement('h3');
      title.textContent = s.name;
      var plot = document.createElement('div'); // Chart.js sizes the canvas to this box
      plot.className = 'plot';
      var canvas = document.createElement('canvas');
      plot.appendChild(canvas);
      section.appendChild(title);
      section.appendChild(plot);
      box.appendChild(section);
      state.scenarios.push(s.name);
      state.charts.push(new Chart(canvas, {
        type: 'line',
        data: {
          labels: m.commits.map(function (c) { return c.label; }),
          datasets: clients.map(function (c) {
            return {
              label: FLOORS[c] ? c + ' (floor)' : c,
              data: s.clients[c][unit],
              borderColor: COLORS[c] || '#8c564b',
              backgroundColor: COLORS[c] || '#8c564b',
              borderDash: FLOORS[c] ? [6, 4] : [],
              spanGaps: true,
              pointRadius: 3,
            };
          }),
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'nearest', intersect: true },
          scales: { y: { beginAtZero: true, title: { display: true, text: UNITS[unitKey].title } } },
          plugins: {
            tooltip: {
              callbacks: {
                footer: function (items) {
                  var c = m.commits[items[0].dataIndex];
                  return c.message.split('\n')[0] + '\n(click to open the commit)';
                },
              },
            },
          },
          onClick: function (event, elements) {
            if (elements.length === 0) return;
            var c = m.commits[elements[0].index];
            if (c.url) window.open(c.url, '_blank', 'noopener');
          },
        },
      }));
    });
    if (state.charts.length === 0) status('no results in ' + unit + ' yet');
    else status(m.commits.length + ' runs, ' + state.charts.length + ' scenarios in ' + unit);
  }

  var data = window.BENCHMARK_DATA;
  if (!data || !data.entries) {
    status('no benchmark data: ../data.js is missing or empty', true);
    return;
  }
  var m = model(data);
  state.commits = m.commits;
  var select = document.getElementById('unit');
  var fromHash = (location.hash.match(/unit=(\w+)/) || [])[1];
  if (fromHash && UNITS[fromHash]) select.value = fromHash;
  select.addEventListener('change', function () {
    history.replaceState(null, '', '#unit=' + select.value);
    render(m, select.value);
  });
  render(m, select.value);
})();
