// The httpclientbench dashboard. For the selected machine it loads the
// stores github-action-benchmark keeps in ../<machine>/data.js
// (window.BENCHMARK_DATA, one store per unit, entries written by
// cmd/benchjson) and shows
//   - the latest run: every scenario (the benchmark name without its client=
//     level) × client as a ratio to the baseline's time with its 95 %
//     interval, the cells that changed significantly since the previous run
//     coloured and the ones that crossed the nightly alert's 2× line marked;
//   - one chart per scenario, one line per client, one point per stored run
//     with its 95 % interval, for the unit chosen; charts are drawn as they
//     scroll into view.
// State (anchor, unit, machine, hidden clients, only moved rows) is in the hash:
// #H1Download&unit=bytes&machine=linux-arm64&hide=hertz,resty.
(function () {
  'use strict';

  var UNITS = {
    time: { unit: 'ns/op', kind: 'time', title: 'time per op (lower is better)' },
    bytes: { unit: 'B/op', kind: 'bytes', title: 'bytes per op (lower is better)' },
    allocs: { unit: 'allocs/op', kind: 'count', title: 'allocations per op (lower is better)' },
    throughput: { unit: 'MB/s', kind: 'rate', title: 'throughput (higher is better)' },
  };
  var KNOWN_UNIT = {};
  Object.keys(UNITS).forEach(function (k) { KNOWN_UNIT[UNITS[k].unit] = true; });

  // Clients, their colours, the floor and the baseline come from
  // clients.js (generated from the suite's registry), the machines from
  // machines.js. The TCP floor is a benchmark, not a client: a round trip
  // of the bytes of one H1GetBytes exchange over TCP, drawn on that
  // family's charts (cmd/benchreport puts it in the same table).
  var CLIENTS = window.httpclientbenchClients || [];
  var MACHINES = window.httpclientbenchMachines || [];
  var TCP_FLOOR = 'LoopbackRoundTrip', TCP_FLOOR_FAMILY = 'H1GetBytes';
  var COLORS = {}, FLOORS = {}, RANK = {}, BASELINE = 'nethttp';
  // CROSSED_COLOR marks a crossing on the charts: a colour no client's line
  // has (dashboard_test.go checks it against the registry's).
  var OTHER_COLOR = '#8c564b', CROSSED_COLOR = '#ff00ff';
  CLIENTS.forEach(function (c, i) {
    COLORS[c.name] = c.colour;
    RANK[c.name] = i;
    if (c.floor) FLOORS[c.name] = true;
    if (c.baseline) BASELINE = c.name;
  });
  COLORS[TCP_FLOOR] = '#222222';
  FLOORS[TCP_FLOOR] = true;
  RANK[TCP_FLOOR] = CLIENTS.length;

  var state = {
    machine: MACHINES.length ? MACHINES[0].id : '',
    unit: 'time',
    hidden: {}, // client name -> true
    anchor: '', // a family or scenario to scroll to
    model: null, // the shown machine's model
    commits: [], // its runs, one point each
    charts: [], // the charts drawn, in the order drawn
    scenarios: [], // the charts of the unit, in page order (drawn or not)
    timings: {}, // performance.now() when the first machine's data, model, panel and first chart were ready
    modelOf: model, // the model of a data.js's data, for the page test
  };
  window.httpclientbenchDashboard = state;

  function $(id) { return document.getElementById(id); }

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { if (attrs[k] !== undefined) e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function status(text, isError) {
    var s = $('status');
    s.textContent = text;
    s.className = isError ? 'error' : '';
  }

  // --- numbers ---

  // sig3 prints 3 significant digits as docs/REPORT.md does.
  function sig3(x) {
    var a = Math.abs(x);
    if (a >= 100) return x.toFixed(0);
    if (a >= 10) return x.toFixed(1);
    return x.toFixed(2);
  }

  // The display scales of each kind of unit, largest first.
  var SCALES = {
    time: [[1e9, 's'], [1e6, 'ms'], [1e3, 'µs'], [1, 'ns']],
    bytes: [[1048576, 'MiB'], [1024, 'KiB'], [1, 'B']],
    count: [[1, '']],
    rate: [[1, 'MB/s']],
  };

  function scaleFor(kind, max) {
    var s = SCALES[kind];
    for (var i = 0; i < s.length; i++) if (Math.abs(max) >= s[i][0]) return s[i];
    return s[s.length - 1];
  }

  function fmtCount(v) {
    return (Math.round(v * 10) / 10).toLocaleString('en-US');
  }

  // fmtValue prints a value in the unit that suits it, as the report does.
  function fmtValue(kind, v) {
    if (v === null || v === undefined || !isFinite(v)) return '?';
    if (kind === 'count') return fmtCount(v);
    if (kind === 'bytes' && Math.abs(v) < 1024) return v.toFixed(0) + ' B';
    var s = scaleFor(kind, v);
    return sig3(v / s[0]) + ' ' + s[1];
  }

  function fmtDate(ms) {
    return new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  }

  function alpha(hex, a) {
    var m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
    if (!m) return hex;
    return 'rgba(' + parseInt(m[1], 16) + ',' + parseInt(m[2], 16) + ',' + parseInt(m[3], 16) + ',' + a + ')';
  }

  // niceStep is a round step (1, 2, 2.5 or 5 times a power of ten) for
  // about five ticks up to max.
  function niceStep(max) {
    if (!(max > 0)) return 1;
    var raw = max / 5, p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * p;
  }

  // --- names and extras ---

  // splitName: "H1Download/size=64KiB/client=nethttp" ->
  // {family: "H1Download", scenario: "H1Download/size=64KiB", client: "nethttp"}.
  // A benchmark of another package than the suite's carries its path
  // (cmd/benchjson): "loadbench/load.Schedule/n=1/client=raw" -> family
  // "loadbench/load.Schedule", scenario "loadbench/load.Schedule/n=1". The
  // prefix is everything up to the first "." before any "=": a top-level
  // benchmark name has neither "." nor "/", a package path no "=". A
  // benchmark without a client= level (the TCP floor) is its own client.
  function splitName(name) {
    var pkg = '', m = name.match(/^([^=.]+)\.(.*)$/);
    if (m) { pkg = m[1] + '.'; name = m[2]; }
    var parts = name.split('/'), client = '', levels = [];
    for (var i = 0; i < parts.length; i++) {
      if (parts[i].indexOf('client=') === 0) client = parts[i].slice(7);
      else levels.push(parts[i]);
    }
    var scenario = pkg + levels.join('/');
    return { family: pkg + levels[0], scenario: scenario, client: client || scenario };
  }

  // info parses what cmd/benchjson writes into an entry's extra, once:
  //   median of 6; 95% confidence interval 37000 to 45270; GOMAXPROCS=2;
  //   machine=linux-x64; ratio=0.5912… (0.5801… to 0.6004…) (exact floats);
  //   previous=+3.1% p=0.240 [significant] [crossed]; run=42-1
  // every field but the first optional. Without an interval there, the
  // interval comes from range ("±4%"; older data "± 4665").
  function info(b) {
    if (b.$info) return b.$info;
    var r = { lo: null, hi: null, ratio: null, prev: null, machine: '', run: '' };
    var extra = typeof b.extra === 'string' ? b.extra : '';
    extra.split(/;\s*/).forEach(function (part) {
      var m;
      if ((m = /^95% confidence interval (\S+) to (\S+)$/.exec(part))) {
        r.lo = +m[1];
        r.hi = +m[2];
      } else if ((m = /^machine=(\S+)$/.exec(part))) {
        r.machine = m[1];
      } else if ((m = /^ratio=(\S+) \((?:(\S+) to (\S+)|no interval)\)$/.exec(part))) {
        r.ratio = { text: m[1], x: +m[1], lo: m[2] === undefined ? null : +m[2], hi: m[3] === undefined ? null : +m[3] };
      } else if ((m = /^previous=(\S+) p=(\S+)(.*)$/.exec(part))) {
        var words = m[3].trim().split(/\s+/);
        r.prev = { change: m[1], p: m[2], significant: words.indexOf('significant') >= 0, crossed: words.indexOf('crossed') >= 0 };
      } else if ((m = /^run=(\S+)$/.exec(part))) {
        r.run = m[1];
      }
    });
    if (r.lo === null && typeof b.range === 'string' && isFinite(b.value)) {
      var m = /^±\s*([0-9.]+)(%?)$/.exec(b.range);
      if (m) {
        var d = m[2] ? b.value * m[1] / 100 : +m[1];
        r.lo = b.value - d;
        r.hi = b.value + d;
      }
    }
    if (!isFinite(r.lo) || !isFinite(r.hi)) r.lo = r.hi = null;
    b.$info = r;
    return r;
  }

  // MOVE is the smallest change the panel highlights: the pull-request
  // check's threshold (cmd/benchdiff -threshold 10), a factor of 1.1 either
  // way. With hundreds of cells, about one in twenty that did not change
  // comes out "significant" by chance, nearly always by a few percent.
  var MOVE = 1.1;

  // moved is how an entry changed since the previous run, where the change
  // is significant (benchstat's verdict in previous=) and by a factor of
  // more than MOVE: 'slower' or 'faster' for a time ('worse'/'better' in
  // general), '' otherwise.
  function moved(b) {
    var p = b && info(b).prev;
    if (!p || !p.significant) return '';
    var f = factorOf(p);
    if (!(f > MOVE || f < 1 / MOVE)) return '';
    return f < 1 ? 'faster' : 'slower';
  }

  function crossed(b) {
    var p = b && info(b).prev;
    return !!(p && p.crossed);
  }

  // factorOf is a previous= change as a factor: +206.0% is 3.06.
  function factorOf(p) {
    return 1 + parseFloat(p.change.replace('∞', 'Infinity')) / 100;
  }

  // fixed2 prints x with two decimals as Go's %.2f does, so a ratio reads
  // as in docs/REPORT.md, which prints the same float (cmd/benchjson writes
  // it exactly): its exact value rounded, a tie to even (toFixed rounds a
  // tie up).
  function fixed2(x) {
    var s = x.toFixed(2), exact = Math.abs(x).toFixed(30);
    if (/^\d+\.\d\d50*$/.test(exact) && +exact.charAt(exact.indexOf('.') + 2) % 2 === 0) {
      s = (x < 0 ? '-' : '') + exact.slice(0, exact.indexOf('.') + 3);
    }
    return s;
  }

  function ratioText(r, baseline) {
    if (baseline) return fixed2(r.x) + '×';
    var same = r.lo === null || (r.lo <= 1 && r.hi >= 1);
    return (same ? '~' : '') + fixed2(r.x) + '×';
  }

  function intervalText(r) {
    return r.lo === null ? '±∞' : fixed2(r.lo) + '–' + fixed2(r.hi);
  }

  // --- the model ---

  // A workflow run stores each of its stores a moment apart. cmd/benchjson
  // -run-id writes the run's id into every entry's extra ("...; run=12345-1"):
  // the stored entries of one commit and run id are one point, and two runs
  // of a commit are two points however close together. Older data has no
  // run id: there, entries of one commit closer than SAME_RUN_MS are one
  // point, and a later run of the same commit is a point of its own.
  var SAME_RUN_MS = 30 * 60 * 1000;

  function runID(run) {
    var b = run.benches && run.benches[0];
    var m = b && typeof b.extra === 'string' && b.extra.match(/(?:^|;\s*)run=([^;\s]+)/);
    return m ? m[1] : '';
  }

  // model: the stored runs in date order (one point each), per scenario
  // and client the entry of each unit at each point, the families in the
  // data's order, and the latest point's times in the data's order.
  function model(data) {
    var runs = [];
    Object.keys(data.entries).forEach(function (store) {
      (data.entries[store] || []).forEach(function (run) {
        if (run && run.commit && Array.isArray(run.benches)) runs.push(run);
      });
    });
    runs.sort(function (a, b) { return a.date - b.date; });
    var points = [], at = [];
    runs.forEach(function (run) {
      var p = -1, rid = runID(run);
      for (var i = points.length - 1; i >= 0; i--) {
        var q = points[i];
        if (q.id !== run.commit.id) continue;
        if (rid ? q.run === rid : !q.run && run.date - q.date <= SAME_RUN_MS) { p = i; break; }
      }
      if (p < 0) {
        p = points.length;
        points.push({
          id: run.commit.id, run: rid, url: run.commit.url || '', message: run.commit.message || '',
          date: run.date, label: run.commit.id.slice(0, 7),
        });
      }
      at.push(p);
    });
    var seen = {};
    points.forEach(function (p) { seen[p.id] = (seen[p.id] || 0) + 1; });
    points.forEach(function (p) {
      if (seen[p.id] > 1) p.label += ' ' + new Date(p.date).toISOString().slice(5, 16).replace('T', ' ') + (p.run ? ' run ' + p.run : '');
    });
    // The x axis's tick of a point: its day, and its time where another
    // point has the same day (several runs a day would all read "12-02").
    var days = {};
    points.forEach(function (p) {
      p.tick = new Date(p.date).toISOString().slice(5, 10);
      days[p.tick] = (days[p.tick] || 0) + 1;
    });
    points.forEach(function (p) {
      if (days[p.tick] > 1) p.tick = new Date(p.date).toISOString().slice(5, 16).replace('T', ' ');
    });
    var names = new Map(), scenarios = new Map(), families = [], familyOf = new Map(), latest = [], latestRuns = [];
    var last = points.length - 1;
    runs.forEach(function (run, r) {
      var i = at[r];
      if (i === last) latestRuns.push(run);
      run.benches.forEach(function (b) {
        if (!KNOWN_UNIT[b.unit] || typeof b.name !== 'string') return;
        var n = names.get(b.name);
        if (!n) { n = splitName(b.name); names.set(b.name, n); }
        var s = scenarios.get(n.scenario);
        if (!s) {
          s = { name: n.scenario, family: n.family, series: {} };
          scenarios.set(n.scenario, s);
          if (n.scenario !== TCP_FLOOR) {
            var f = familyOf.get(n.family);
            if (!f) { f = { name: n.family, scenarios: [] }; familyOf.set(n.family, f); families.push(f); }
            f.scenarios.push(n.scenario);
          }
        }
        var byUnit = s.series[n.client] || (s.series[n.client] = {});
        var arr = byUnit[b.unit];
        if (!arr) { arr = byUnit[b.unit] = new Array(points.length); arr.fill(null); }
        arr[i] = b;
        if (i === last && b.unit === 'ns/op') latest.push({ bench: b, name: n });
      });
    });
    // The alert judges a leaf's time and its throughput (cmd/benchjson
    // marks either "crossed" by internal/results.Crossed): a cell of the
    // panel carries both.
    latest.forEach(function (e) {
      var thr = scenarios.get(e.name.scenario).series[e.name.client]['MB/s'];
      e.throughput = thr ? thr[last] : null;
    });
    return {
      commits: points, scenarios: scenarios, families: families, latest: latest,
      counters: counterChanges(latestRuns), open: openRegressions(scenarios, points),
      repoUrl: typeof data.repoUrl === 'string' ? data.repoUrl : '',
    };
  }

  // ALERT_RATIO is the nightly alert's line, internal/results.AlertRatio
  // (machines.js, generated from it).
  var ALERT_RATIO = window.httpclientbenchAlertRatio || 2;

  // workflowRun is the workflow run of a point: its run id without the
  // attempt ("5001" of "5001-2"); '' for older data, without run ids,
  // where each point is a run of its own.
  function workflowRun(point) {
    return point.run ? point.run.replace(/-\d+$/, '') : '';
  }

  // openRegressions is every time or throughput series still more than
  // ALERT_RATIO times worse than before a crossing in an earlier run than
  // the latest: a regression stays open until a run clears it.
  //   - The attempts of one workflow run are one run: a re-run compares
  //     with what its first attempt compared with, so both can be crossed.
  //   - The value before a crossing is the series' last value in an
  //     earlier run; a point without a value (a gap) is passed over.
  //   - A crossing is cleared by any later value back within ALERT_RATIO
  //     of the value before it.
  //   - The regression is open since the earliest crossing not cleared,
  //     and measured from the value before it: a staircase of two
  //     crossings is open since the first, by both steps.
  // Each is {scenario, client, unit, since (the point that crossed), worse}.
  function openRegressions(scenarios, points) {
    var out = [], last = points.length - 1, runs = points.map(workflowRun);
    var sameRun = function (i, j) { return i === j || (runs[i] !== '' && runs[i] === runs[j]); };
    scenarios.forEach(function (s) {
      Object.keys(s.series).forEach(function (client) {
        ['ns/op', 'MB/s'].forEach(function (unit) {
          var arr = s.series[client][unit];
          if (!arr) return;
          var value = function (i) { return arr[i] && arr[i].value > 0 ? arr[i].value : null; };
          var worse = function (v, before) { return unit === 'MB/s' ? before / v : v / before; };
          if (value(last) === null) return;
          for (var k = 0; k < last; k++) {
            if (!crossed(arr[k]) || sameRun(k, last)) continue;
            var before = null;
            for (var i = k - 1; i >= 0 && before === null; i--) if (!sameRun(i, k)) before = value(i);
            if (before === null) continue; // the stores no longer hold the run before it
            var cleared = false;
            for (var j = k + 1; j <= last && !cleared; j++) cleared = value(j) !== null && worse(value(j), before) <= ALERT_RATIO;
            if (cleared) continue;
            out.push({ scenario: s.name, client: client, unit: unit, since: k, worse: worse(value(last), before) });
            return;
          }
        });
      });
    });
    return out;
  }

  // counterChanges is every entry of the latest point's stores that
  // cmd/benchjson marked "counter=rose +2" or "counter=fell -24": the
  // counters per op (B/op, allocs/op, wire bytes, connections, handshakes)
  // that changed since the previous run by internal/results.CounterRules,
  // the rows the nightly's alert names when they rose. Each has its
  // value before, its value less the change: the run the change is from
  // is not always the point before (a re-run's is the run before its
  // first attempt).
  function counterChanges(runs) {
    var out = [];
    runs.forEach(function (run) {
      run.benches.forEach(function (b) {
        var m = typeof b.extra === 'string' && /(?:^|;\s*)counter=(rose|fell) ([^;\s]+)/.exec(b.extra);
        if (!m || typeof b.name !== 'string') return;
        var name = b.name.replace(/ \([^()]*\)$/, '');
        out.push({ name: name, unit: b.unit, value: b.value, old: b.value - parseFloat(m[2]), rose: m[1] === 'rose', delta: m[2] });
      });
    });
    out.sort(function (a, b) { return a.name < b.name ? -1 : a.name > b.name ? 1 : a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0; });
    return out;
  }

  // --- loading a machine's stores ---

  var loads = {};

  // load adds a script element for the machine's ../<id>/data.js and takes
  // window.BENCHMARK_DATA right after it ran; it resolves to {model} or
  // {message} (no data yet). Each machine is loaded and modelled once.
  function load(id) {
    if (loads[id]) return loads[id];
    var first = !state.timings.data;
    loads[id] = new Promise(function (resolve) {
      var s = document.createElement('script');
      s.src = '../' + encodeURIComponent(id) + '/data.js';
      s.onload = function () {
        var data = window.BENCHMARK_DATA;
        delete window.BENCHMARK_DATA;
        s.remove();
        if (first) state.timings.data = performance.now();
        if (!data || !data.entries || typeof data.entries !== 'object') {
          resolve({ message: 'No results for ' + machineName(id) + ': ../' + id + '/data.js holds no stores.' });
          return;
        }
        var m = model(data);
        if (first) state.timings.model = performance.now();
        if (m.commits.length === 0) resolve({ message: 'No results for ' + machineName(id) + ' yet: its stores are empty.' });
        else resolve({ model: m });
      };
      s.onerror = function () {
        s.remove();
        resolve({ message: 'No results for ' + machineName(id) + ' yet: ../' + id + '/data.js is missing (the nightly workflow has not stored a run of this machine).' });
      };
      document.head.appendChild(s);
    });
    return loads[id];
  }

  function machineName(id) {
    for (var i = 0; i < MACHINES.length; i++) if (MACHINES[i].id === id) return MACHINES[i].name;
    return id;
  }

  // --- the hash ---

  // parseHash reads "#ANCHOR&unit=U&machine=M&hide=a,b&only=moved"; every
  // part is optional, old links are "#unit=U".
  function parseHash(hash) {
    var h = { anchor: '', unit: null, machine: null, hide: null, only: null };
    hash.replace(/^#/, '').split('&').forEach(function (part) {
      if (!part) return;
      var m = /^(unit|machine|hide|only)=(.*)$/.exec(part);
      var v;
      try { v = decodeURIComponent(m ? m[2] : part); } catch (e) { v = m ? m[2] : part; }
      if (m) h[m[1]] = v;
      else if (!h.anchor) h.anchor = v;
    });
    return h;
  }

  function makeHash(anchor) {
    var parts = [];
    if (anchor) parts.push(anchor);
    if (state.unit !== 'time') parts.push('unit=' + state.unit);
    if (MACHINES.length && state.machine !== MACHINES[0].id) parts.push('machine=' + state.machine);
    var hide = Object.keys(state.hidden).filter(function (c) { return state.hidden[c]; }).sort();
    if (hide.length) parts.push('hide=' + hide.join(','));
    if ($('only-moved').checked) parts.push('only=moved');
    return parts.length ? '#' + parts.join('&') : location.pathname + location.search;
  }

  function writeHash() {
    history.replaceState(null, '', makeHash(state.anchor));
  }

  // applyHash sets the state from h; keep: a missing part keeps the
  // current value (a link within the page) instead of the default (a link
  // from outside). It reports what changed.
  function applyHash(h, keep) {
    var changed = { machine: false, unit: false, hide: false };
    var unit = h.unit && UNITS[h.unit] ? h.unit : keep ? state.unit : 'time';
    var machine = h.machine && MACHINES.some(function (m) { return m.id === h.machine; }) ? h.machine
      : keep ? state.machine : MACHINES.length ? MACHINES[0].id : '';
    var hidden = {};
    if (h.hide !== null) h.hide.split(',').forEach(function (c) { if (c) hidden[c] = true; });
    else if (keep) hidden = state.hidden;
    changed.unit = unit !== state.unit;
    changed.machine = machine !== state.machine;
    changed.hide = Object.keys(hidden).sort().join() !== Object.keys(state.hidden).sort().join();
    state.unit = unit;
    state.machine = machine;
    state.hidden = hidden;
    state.anchor = h.anchor;
    $('unit').value = unit;
    $('machine').value = machine;
    var only = h.only !== null ? h.only === 'moved' : keep && $('only-moved').checked;
    $('only-moved').checked = only;
    $('panel').classList.toggle('only-moved', only);
    return changed;
  }

  // --- the client filter ---

  // renderFilter lists the clients of the shown machine's data, the
  // registry's first, in its order, each with its colour.
  function renderFilter(m) {
    var box = $('clients');
    box.textContent = '';
    box.appendChild(el('span', { class: 'what' }, 'Clients:'));
    var present = {};
    m.scenarios.forEach(function (s) { Object.keys(s.series).forEach(function (c) { present[c] = true; }); });
    var names = Object.keys(present).filter(function (c) { return !m.scenarios.has(c) || c === TCP_FLOOR; });
    sortClients(names).forEach(function (c) {
      var label = el('label', { 'data-client': c });
      var box2 = el('input', { type: 'checkbox' });
      box2.checked = !state.hidden[c];
      box2.addEventListener('change', function () {
        if (box2.checked) delete state.hidden[c];
        else state.hidden[c] = true;
        writeHash();
        render(true);
      });
      var swatch = el('span', { class: 'swatch' + (FLOORS[c] ? ' floor' : '') });
      swatch.style.borderColor = COLORS[c] || OTHER_COLOR;
      label.appendChild(box2);
      label.appendChild(swatch);
      label.appendChild(document.createTextNode(c === TCP_FLOOR ? 'TCP floor' : FLOORS[c] ? c + ' (floor)' : c));
      box.appendChild(label);
    });
  }

  function sortClients(names) {
    return names.sort(function (a, b) {
      var ra = a in RANK ? RANK[a] : 1e6, rb = b in RANK ? RANK[b] : 1e6;
      return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
    });
  }

  // --- the latest run ---

  function renderPanel(m) {
    var table = $('panel');
    table.textContent = '';
    var latest = m.commits[m.commits.length - 1];
    var rows = new Map(), families = [], familyRows = new Map(), columns = {};
    m.latest.forEach(function (e) {
      var n = e.name, tcp = n.scenario === TCP_FLOOR;
      var family = tcp ? TCP_FLOOR_FAMILY : n.family;
      var row = rows.get(n.scenario);
      if (!row) {
        row = { scenario: n.scenario, family: family, tcp: tcp, cells: {}, throughput: {} };
        rows.set(n.scenario, row);
        if (!familyRows.has(family)) { familyRows.set(family, []); families.push(family); }
        familyRows.get(family).push(row);
      }
      row.cells[n.client] = e.bench;
      row.throughput[n.client] = e.throughput;
      if (!tcp) columns[n.client] = true;
    });
    // The TCP floor's row ends its family's rows.
    familyRows.forEach(function (list) {
      list.sort(function (a, b) { return (a.tcp ? 1 : 0) - (b.tcp ? 1 : 0); });
    });
    var clients = sortClients(Object.keys(columns)).filter(function (c) { return !state.hidden[c]; });

    // crossed counts what the alert counts, a row per unit (time,
    // throughput) that crossed; cells, the panel's cells with either.
    var counts = { slower: 0, faster: 0, crossed: 0, cells: 0, compared: 0 };
    rows.forEach(function (row) {
      Object.keys(row.cells).forEach(function (c) {
        var b = row.cells[c], thr = row.throughput[c];
        if (info(b).prev) counts.compared++;
        var mv = moved(b);
        if (mv) counts[mv]++;
        var n = (crossed(b) ? 1 : 0) + (crossed(thr) ? 1 : 0);
        counts.crossed += n;
        if (n) counts.cells++;
      });
    });
    renderSummary(m, latest, counts);
    renderCounters(m);
    var open = {};
    m.open.forEach(function (o) { open[o.scenario + ' ' + o.client] = o; });

    var thead = el('thead'), hr = el('tr');
    hr.appendChild(el('th', { class: 'scenario' }, 'scenario'));
    clients.forEach(function (c) {
      var th = el('th', { 'data-client': c }, FLOORS[c] ? c + ' (floor)' : c);
      th.style.borderBottomColor = COLORS[c] || OTHER_COLOR;
      hr.appendChild(th);
    });
    thead.appendChild(hr);
    table.appendChild(thead);
    var tbody = el('tbody');
    families.forEach(function (family) {
      // A family of one scenario is one row, named by the family.
      var list = familyRows.get(family), solo = list.length === 1 && list[0].scenario === family;
      var fr = el('tr', { class: 'fam', 'data-family': family });
      if (!solo) {
        var th = el('th', { colspan: String(clients.length + 1) });
        th.appendChild(el('a', { href: '#' + family }, family));
        fr.appendChild(th);
        tbody.appendChild(fr);
      }
      var anyMoved = false;
      list.forEach(function (row) {
        var tr = el('tr', { class: solo ? 'row solo' : 'row', 'data-scenario': row.scenario });
        var name = el('th', { class: 'scenario' });
        var label = row.tcp ? 'floor: ' + TCP_FLOOR + ' (TCP, no HTTP)'
          : row.scenario === family ? family : row.scenario.slice(family.length + 1);
        name.appendChild(el('a', { href: '#' + (row.tcp ? TCP_FLOOR_FAMILY : row.scenario), title: row.scenario }, label));
        tr.appendChild(name);
        var rowMoved = false, rowCrossed = false;
        if (row.tcp) {
          if (state.hidden[TCP_FLOOR]) return;
          var cell = cellFor(row, TCP_FLOOR, row.cells[TCP_FLOOR], row.throughput[TCP_FLOOR], false);
          cell.td.setAttribute('colspan', String(Math.max(1, clients.length)));
          cell.td.classList.add('wide');
          tr.appendChild(cell.td);
          rowMoved = cell.moved;
          rowCrossed = cell.crossed;
        } else {
          clients.forEach(function (c) {
            var cell = cellFor(row, c, row.cells[c], row.throughput[c], c === BASELINE);
            var o = open[row.scenario + ' ' + c];
            if (o && !cell.crossed) {
              cell.td.classList.add('open');
              cell.td.appendChild(el('span', { class: 'open-since' }, '▲ open since ' + m.commits[o.since].tick));
              cell.td.title += '; a regression still open: crossed the alert line in the run of ' + m.commits[o.since].label +
                ' and still ' + fixed2(o.worse) + '× worse than before it (' + o.unit + ')';
            }
            tr.appendChild(cell.td);
            rowMoved = rowMoved || cell.moved;
            rowCrossed = rowCrossed || cell.crossed;
          });
        }
        if (rowMoved) tr.classList.add('moved');
        if (rowCrossed) tr.classList.add('crossed');
        if (tr.querySelector('td.open')) tr.classList.add('open');
        anyMoved = anyMoved || rowMoved;
        tbody.appendChild(tr);
      });
      if (anyMoved) fr.classList.add('moved');
    });
    table.appendChild(tbody);
    table.classList.toggle('only-moved', $('only-moved').checked);
  }

  // cellFor is the cell of client c on a row of the latest run: its time
  // as a ratio to the baseline's with the interval, or the time itself
  // where there is no ratio (no baseline on the row, or older data), and
  // the change since the previous run where it is significant. A cell
  // whose time or throughput (thr) crossed the alert line leads with how
  // many times worse it got.
  function cellFor(row, c, b, thr, isBaseline) {
    var td = el('td', { 'data-client': c });
    if (!b) {
      td.className = 'none';
      td.textContent = '—';
      return { td: td, moved: false, crossed: false };
    }
    var inf = info(b), main, sub, title = c + ' on ' + row.scenario + ': ' + fmtValue('time', b.value);
    if (inf.lo !== null) title += ' (95 % interval ' + fmtValue('time', inf.lo) + ' to ' + fmtValue('time', inf.hi) + ')';
    if (inf.ratio && !row.tcp) {
      main = ratioText(inf.ratio, isBaseline);
      sub = isBaseline ? fmtValue('time', b.value) : intervalText(inf.ratio);
      td.setAttribute('data-ratio', inf.ratio.text);
      title += '; ' + main + ' ' + BASELINE + "'s time" + (isBaseline ? '' : ' (95 % interval ' + intervalText(inf.ratio) + ')');
    } else {
      main = fmtValue('time', b.value);
      sub = typeof b.range === 'string' ? b.range : '';
      td.classList.add('time');
    }
    var mv = moved(b), xt = crossed(b), xr = crossed(thr), x = xt || xr;
    if (x) {
      var worse = Math.max(xt ? factorOf(info(b).prev) : 0, xr ? 1 / factorOf(info(thr).prev) : 0);
      td.appendChild(el('span', { class: 'slowdown' }, fixed2(worse) + '× worse'));
    }
    td.appendChild(el('span', { class: 'main' }, main));
    td.appendChild(el('span', { class: 'sub' }, sub));
    if (inf.prev) {
      td.setAttribute('data-change', inf.prev.change + (inf.prev.significant ? ' significant' : ''));
      title += '; ' + inf.prev.change + ' since the previous run (p=' + inf.prev.p + (inf.prev.significant ? ', significant' : ', not significant') + ')';
    }
    if (x) mv = 'slower'; // the alert's rule, whatever the U test says
    if (mv) {
      td.classList.add('moved', mv);
      td.appendChild(el('span', { class: 'change' }, (x ? '▲ ' : '') + (inf.prev ? inf.prev.change : '')));
    }
    if (x) {
      td.classList.add('crossed');
      title += '; crossed the alert line: ' + (xt ? 'time' : '') + (xt && xr ? ' and ' : '') + (xr ? 'throughput' : '') + ' more than 2× worse than the previous run';
    }
    td.title = title;
    return { td: td, moved: !!mv, crossed: x };
  }

  function renderSummary(m, latest, counts) {
    var p = $('summary');
    p.textContent = '';
    p.appendChild(document.createTextNode('Latest run on ' + machineName(state.machine) + ': commit '));
    var a = el('a', { href: latest.url, target: '_blank', rel: 'noopener' }, latest.id.slice(0, 7));
    p.appendChild(a);
    p.appendChild(document.createTextNode(' “' + latest.message.split('\n')[0] + '”, ' + fmtDate(latest.date) +
      (latest.run ? ', run ' + latest.run : '') + ' · '));
    if (counts.compared === 0) {
      p.appendChild(document.createTextNode('not compared with the previous run (its entries have no previous=).'));
      return;
    }
    var moved = counts.slower + counts.faster;
    p.appendChild(el('strong', { class: 'n-moved' }, moved + ' moved'));
    p.appendChild(document.createTextNode(' since the previous run (' + counts.slower + ' slower, ' + counts.faster + ' faster) · '));
    var x = el('strong', { class: counts.crossed ? 'n-crossed' : 'n-none' }, counts.crossed + ' crossed');
    x.setAttribute('data-cells', String(counts.cells));
    if (counts.crossed) {
      x.title = 'show the first crossing';
      x.addEventListener('click', function () {
        var row = document.querySelector('#panel tr.row.crossed');
        if (row) row.scrollIntoView({ block: 'nearest' });
      });
    }
    p.appendChild(x);
    p.appendChild(document.createTextNode(' the alert line (a time or throughput 2× worse' +
      (counts.crossed ? ', on ' + counts.cells + (counts.cells === 1 ? ' cell' : ' cells') : '') + ')'));
    // Regressions that crossed in an earlier run and are still there: the
    // alert said so once, on that run; the page says so until a run clears
    // them.
    if (m.open.length) {
      p.appendChild(document.createTextNode(' · '));
      var since = m.open.map(function (o) { return o.since; }).reduce(function (a, b) { return Math.min(a, b); });
      var cells = {};
      m.open.forEach(function (r) { cells[r.scenario + ' ' + r.client] = true; });
      var n = Object.keys(cells).length;
      var o = el('strong', { class: 'n-open', 'data-open': String(n) }, n + (n === 1 ? ' regression' : ' regressions') + ' still open');
      o.title = m.open.map(function (r) {
        return r.scenario + ' ' + r.client + ' (' + r.unit + '): ' + fixed2(r.worse) + '× worse since the run of ' + m.commits[r.since].label;
      }).join('\n');
      p.appendChild(o);
      p.appendChild(document.createTextNode(', the first since the run of ' + m.commits[since].label));
      if (m.repoUrl) {
        p.appendChild(document.createTextNode(' ('));
        var q = 'is:issue is:open in:title "Nightly benchmarks on ' + state.machine + '"';
        p.appendChild(el('a', { href: m.repoUrl + '/issues?q=' + encodeURIComponent(q), target: '_blank', rel: 'noopener' }, 'its alert issue'));
        p.appendChild(document.createTextNode(')'));
      }
    }
  }

  // fmtCounter prints a counter per op as cmd/benchjson's deltas
  // (results.FormatCount): whole, with at most 4 decimals.
  function fmtCounter(x) {
    return String(Math.round(x * 1e4) / 1e4);
  }

  // renderCounters lists the latest run's counters per op that changed
  // since the previous run (counterChanges), apart from the times: each
  // one's value before and now, and the change.
  function renderCounters(m) {
    var box = $('counters');
    box.textContent = '';
    var shown = m.counters.filter(function (c) { return !state.hidden[splitName(c.name).client]; });
    var h = el('h3', {}, shown.length === 0 ? 'No counter per op changed since the previous run'
      : shown.length + (shown.length === 1 ? ' counter' : ' counters') + ' per op changed since the previous run');
    box.appendChild(h);
    if (shown.length === 0) return;
    var t = el('table'), hr = el('tr');
    ['benchmark', 'counter', 'before → now', 'change'].forEach(function (c) { hr.appendChild(el('th', {}, c)); });
    t.appendChild(el('thead')).appendChild(hr);
    var tb = el('tbody');
    shown.forEach(function (c) {
      var tr = el('tr', { class: c.rose ? 'rose' : 'fell', 'data-name': c.name, 'data-unit': c.unit });
      tr.appendChild(el('td', {}, c.name));
      tr.appendChild(el('td', {}, c.unit));
      tr.appendChild(el('td', { class: 'num values' }, fmtCounter(c.old) + ' → ' + fmtCounter(c.value)));
      tr.appendChild(el('td', { class: 'num change' }, c.delta + ' ' + c.unit));
      tb.appendChild(tr);
    });
    t.appendChild(tb);
    box.appendChild(t);
  }

  // --- charts ---

  // The 95 % interval of every point: a band per line between the
  // intervals of its points, a whisker where a point has no neighbour.
  // chart.$hcb.intervals counts the points each line has an interval drawn
  // for. A chart draws as it is made: its lines are found by its canvas.
  var linesOfCanvas = new WeakMap();
  var intervalsPlugin = {
    id: 'hcbIntervals',
    beforeDatasetsDraw: function (chart) {
      var ctx = chart.ctx, y = chart.scales.y, area = chart.chartArea, hcb = linesOfCanvas.get(chart.canvas);
      if (!hcb) return;
      ctx.save();
      ctx.beginPath();
      ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      ctx.clip();
      hcb.intervals = [];
      hcb.lines.forEach(function (line, i) {
        var n = 0;
        if (!chart.isDatasetVisible(i)) { hcb.intervals.push(0); return; }
        var pts = chart.getDatasetMeta(i).data, seg = [];
        var flush = function () {
          if (seg.length === 1) {
            var s = seg[0];
            ctx.beginPath();
            ctx.moveTo(s.x, s.lo); ctx.lineTo(s.x, s.hi);
            ctx.moveTo(s.x - 3, s.lo); ctx.lineTo(s.x + 3, s.lo);
            ctx.moveTo(s.x - 3, s.hi); ctx.lineTo(s.x + 3, s.hi);
            ctx.stroke();
          } else if (seg.length > 1) {
            ctx.beginPath();
            ctx.moveTo(seg[0].x, seg[0].hi);
            for (var k = 1; k < seg.length; k++) ctx.lineTo(seg[k].x, seg[k].hi);
            for (k = seg.length - 1; k >= 0; k--) ctx.lineTo(seg[k].x, seg[k].lo);
            ctx.closePath();
            ctx.fill();
          }
          seg = [];
        };
        ctx.fillStyle = alpha(line.colour, FLOORS[line.client] ? 0.1 : 0.16);
        ctx.strokeStyle = alpha(line.colour, 0.6);
        ctx.lineWidth = 1;
        for (var k = 0; k < pts.length; k++) {
          var lo = line.lo[k], hi = line.hi[k];
          if (line.values[k] === null) continue; // a gap: the band goes on over it, as the line does
          if (lo === null) { flush(); continue; }
          seg.push({ x: pts[k].x, lo: y.getPixelForValue(lo), hi: y.getPixelForValue(hi) });
          n++;
        }
        flush();
        hcb.intervals.push(n);
      });
      ctx.restore();
    },
  };

  // linesOf is the lines of scenario s in unit: its clients with a value
  // there and not hidden, in the registry's order, and the TCP floor on
  // its family's charts.
  function linesOf(m, s, unit) {
    var lines = [];
    var add = function (client, benches) {
      if (!benches || state.hidden[client]) return;
      for (var i = 0; i < benches.length; i++) if (benches[i]) { lines.push({ client: client, benches: benches }); return; }
    };
    sortClients(Object.keys(s.series)).forEach(function (c) { add(c, s.series[c][unit]); });
    // The TCP floor is a round trip within one process: it is drawn on
    // the in-process rows of its family, not on the server=process ones.
    var tcp = m.scenarios.get(TCP_FLOOR);
    if (tcp && s.family === TCP_FLOOR_FAMILY && s.name !== TCP_FLOOR && s.name.indexOf('/server=') < 0) add(TCP_FLOOR, tcp.series[TCP_FLOOR] && tcp.series[TCP_FLOOR][unit]);
    return lines;
  }

  // hasChart: a scenario gets a chart when a client has a line on it (not
  // only a floor).
  function hasChart(lines) {
    return lines.some(function (l) { return !FLOORS[l.client]; });
  }

  function labelOf(client) {
    if (client === TCP_FLOOR) return TCP_FLOOR + ' (TCP floor)';
    return FLOORS[client] ? client + ' (floor)' : client;
  }

  function drawChart(section) {
    var m = state.model, U = UNITS[state.unit], unit = U.unit, kind = U.kind;
    var s = m.scenarios.get(section.getAttribute('data-scenario'));
    var max = 0, hcb = { scenario: s.name, unit: unit, lines: [], intervals: [] };
    var datasets = linesOf(m, s, unit).map(function (l) {
      var colour = COLORS[l.client] || OTHER_COLOR;
      var line = { client: l.client, colour: colour, benches: l.benches, values: [], lo: [], hi: [], crossed: [] };
      l.benches.forEach(function (b) {
        var inf = b && info(b);
        line.values.push(b ? b.value : null);
        line.lo.push(b ? inf.lo : null);
        line.hi.push(b ? inf.hi : null);
        line.crossed.push(crossed(b));
        if (b) max = Math.max(max, b.value, inf.hi === null ? 0 : inf.hi);
      });
      hcb.lines.push(line);
      var x = line.crossed;
      return {
        label: labelOf(l.client),
        data: line.values,
        borderColor: colour,
        backgroundColor: colour,
        borderWidth: FLOORS[l.client] ? 1.5 : 2,
        borderDash: FLOORS[l.client] ? [6, 4] : [],
        spanGaps: true,
        pointStyle: x.map(function (c) { return c ? 'triangle' : 'circle'; }),
        pointRadius: x.map(function (c) { return c ? 7 : FLOORS[l.client] ? 0 : 2; }),
        pointHoverRadius: x.map(function (c) { return c ? 9 : 4; }),
        pointHitRadius: 4,
        pointBackgroundColor: x.map(function (c) { return c ? CROSSED_COLOR : colour; }),
        pointBorderColor: x.map(function (c) { return c ? '#600000' : colour; }),
        pointBorderWidth: x.map(function (c) { return c ? 1.5 : 1; }),
      };
    });
    var scale = scaleFor(kind, max), div = scale[0];
    var step = niceStep(max / div) * div;
    if (kind === 'count') step = Math.max(1, Math.round(step));
    var tick = function (v) {
      if (kind === 'count') return fmtCount(v);
      return String(Number((v / div).toPrecision(4))) + ' ' + scale[1];
    };
    var plot = section.querySelector('.plot');
    var canvas = el('canvas');
    plot.appendChild(canvas);
    linesOfCanvas.set(canvas, hcb);
    var chart = new Chart(canvas, {
      type: 'line',
      data: { labels: m.commits.map(function (c) { return c.label; }), datasets: datasets },
      plugins: [intervalsPlugin],
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: {
            ticks: {
              maxRotation: 0, autoSkip: true, maxTicksLimit: 6, font: { size: 10 },
              callback: function (v) { return m.commits[v].tick; },
            },
          },
          y: {
            beginAtZero: true,
            suggestedMax: max,
            ticks: { stepSize: step, callback: tick, font: { size: 10 } },
            title: { display: true, text: U.title, font: { size: 11 } },
          },
        },
        plugins: {
          legend: { display: false },
          tooltip: {
            itemSort: function (a, b) { return b.parsed.y - a.parsed.y; },
            titleFont: { size: 11 }, bodyFont: { size: 11 }, footerFont: { size: 11, weight: 'normal' },
            callbacks: {
              title: function (items) {
                var c = m.commits[items[0].dataIndex];
                return c.id.slice(0, 7) + ' · ' + fmtDate(c.date) + (c.run ? ' · run ' + c.run : '');
              },
              label: function (item) {
                var line = hcb.lines[item.datasetIndex], b = line.benches[item.dataIndex], inf = info(b);
                var t = labelOf(line.client) + ': ' + fmtValue(kind, b.value);
                if (inf.lo !== null) t += ' (95 % ' + fmtValue(kind, inf.lo) + '–' + fmtValue(kind, inf.hi) + ')';
                if (inf.ratio && unit === 'ns/op' && line.client !== BASELINE) t += ', ' + ratioText(inf.ratio) + ' ' + BASELINE;
                return t;
              },
              afterLabel: function (item) {
                var b = hcb.lines[item.datasetIndex].benches[item.dataIndex], p = info(b).prev;
                if (!p) return '';
                if (p.crossed) return '   ▲ crossed the alert line: ' + p.change + ' since the previous run (p=' + p.p + ')';
                if (p.significant) return '   ' + p.change + ' since the previous run (p=' + p.p + ')';
                return '';
              },
              footer: function (items) {
                var c = m.commits[items[0].dataIndex];
                return c.message.split('\n')[0] + '\n(click a point to open the commit)';
              },
            },
          },
        },
        onClick: function (event, elements, ch) {
          var hit = ch.getElementsAtEventForMode(event, 'nearest', { intersect: true }, true);
          if (hit.length === 0) return;
          var c = m.commits[hit[0].index];
          if (c.url) window.open(c.url, '_blank', 'noopener');
        },
      },
    });
    chart.$hcb = hcb;
    return chart;
  }

  var observer = null;

  function renderSection(section) {
    if (section.$chart || !state.model) return;
    if (observer) observer.unobserve(section);
    var chart = drawChart(section);
    section.$chart = chart;
    state.charts.push(chart);
    if (state.timings.firstChart === undefined) state.timings.firstChart = performance.now();
  }

  function clearCharts() {
    if (observer) observer.disconnect();
    state.charts.forEach(function (c) { c.destroy(); });
    state.charts = [];
    state.scenarios = [];
    $('charts').textContent = '';
  }

  // buildCharts lays out a section per chart of the unit, families in the
  // data's order; each is drawn when it comes near the viewport.
  function buildCharts(m) {
    clearCharts();
    var root = $('charts'), unit = UNITS[state.unit].unit;
    var familyNames = {};
    m.families.forEach(function (f) { familyNames[f.name] = true; });
    observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) { if (e.isIntersecting) renderSection(e.target); });
    }, { rootMargin: '300px 0px' });
    m.families.forEach(function (f) {
      var shown = f.scenarios.filter(function (name) { return hasChart(linesOf(m, m.scenarios.get(name), unit)); });
      if (shown.length === 0) return;
      var h = el('h2', { id: f.name, 'data-family': f.name });
      h.appendChild(document.createTextNode(f.name + ' '));
      h.appendChild(el('a', { class: 'permalink', href: '#' + f.name, title: 'link to ' + f.name }, '#'));
      var box = el('div', { class: 'family', 'data-family': f.name });
      shown.forEach(function (name) {
        var section = el('section', { class: 'chart', 'data-scenario': name, id: familyNames[name] ? undefined : name });
        var title = el('h3', { title: name });
        title.appendChild(el('a', { href: '#' + name }, name === f.name ? name : name.slice(f.name.length + 1)));
        section.appendChild(title);
        section.appendChild(el('div', { class: 'plot' }));
        box.appendChild(section);
        state.scenarios.push(name);
        observer.observe(section);
      });
      root.appendChild(h);
      root.appendChild(box);
    });
  }

  // drawVisible draws the sections in or near the viewport now, without
  // waiting for the observer.
  function drawVisible() {
    var sections = document.querySelectorAll('#charts section.chart');
    for (var i = 0; i < sections.length; i++) {
      var r = sections[i].getBoundingClientRect();
      if (r.top > window.innerHeight + 300) break;
      if (r.bottom > -300) renderSection(sections[i]);
    }
  }

  // goToAnchor scrolls to the anchor's chart or family, drawing it first;
  // it reports whether there was one to go to.
  function goToAnchor() {
    var a = state.anchor;
    if (!a) return false;
    var target = null, sections = [];
    document.querySelectorAll('#charts section.chart').forEach(function (s) {
      if (s.getAttribute('data-scenario') === a) { target = s; sections = [s]; }
    });
    if (!target) {
      document.querySelectorAll('#charts h2').forEach(function (h) {
        if (h.getAttribute('data-family') === a) target = h;
      });
      if (target) sections = target.nextElementSibling.querySelectorAll('section.chart');
    }
    if (!target) {
      status($('status').textContent.replace(/ · no chart of .*$/, '') + ' · no chart of ' + a + ' in ' + UNITS[state.unit].unit);
      return false;
    }
    for (var i = 0; i < sections.length; i++) renderSection(sections[i]);
    target.scrollIntoView({ block: 'start' });
    return true;
  }

  // render shows the model of the shown machine: the filter, the panel and
  // the charts, then scrolls to the anchor or, keepScroll (a change of
  // unit or filter), stays where the page was.
  function render(keepScroll) {
    var m = state.model;
    if (!m) return;
    var y = window.scrollY;
    renderFilter(m);
    renderPanel(m);
    if (state.timings.panel === undefined) state.timings.panel = performance.now();
    buildCharts(m);
    var first = fmtDate(m.commits[0].date).slice(0, 10), last = fmtDate(m.commits[m.commits.length - 1].date).slice(0, 10);
    status(m.commits.length + ' runs from ' + first + ' to ' + last + ' · ' + state.scenarios.length + ' charts in ' + UNITS[state.unit].unit);
    if (keepScroll) window.scrollTo(0, y);
    if (keepScroll || !goToAnchor()) drawVisible();
  }

  var shown = 0;

  // show loads the selected machine's data (once) and renders it.
  function show() {
    var token = ++shown, id = state.machine;
    status('loading the results of ' + machineName(id) + '…');
    load(id).then(function (r) {
      if (token !== shown) return; // another machine was selected meanwhile
      if (!r.model) {
        state.model = null;
        state.commits = [];
        clearCharts();
        $('panel').textContent = '';
        $('summary').textContent = r.message;
        $('clients').textContent = '';
        status(r.message, true);
        return;
      }
      state.model = r.model;
      state.commits = r.model.commits;
      render(false);
    });
  }

  // --- start ---

  var machineSelect = $('machine');
  MACHINES.forEach(function (m) { machineSelect.appendChild(el('option', { value: m.id }, m.name)); });
  if (MACHINES.length === 0) {
    status('no machines: machines.js is missing', true);
    return;
  }
  applyHash(parseHash(location.hash), false);
  writeHash();
  machineSelect.addEventListener('change', function () {
    state.machine = machineSelect.value;
    state.anchor = '';
    writeHash();
    show();
  });
  $('unit').addEventListener('change', function () {
    state.unit = $('unit').value;
    writeHash();
    if (state.model) render(true);
  });
  $('only-moved').addEventListener('change', function () {
    $('panel').classList.toggle('only-moved', $('only-moved').checked);
    writeHash();
  });
  window.addEventListener('hashchange', function () {
    var changed = applyHash(parseHash(location.hash), true);
    writeHash();
    if (changed.machine) show();
    else if (changed.unit || changed.hide) render(false);
    else goToAnchor();
  });
  show();
})();
