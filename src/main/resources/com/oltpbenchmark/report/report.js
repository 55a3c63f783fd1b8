// Renders the run report (one run) or the comparison (several runs) from the inlined data.
(function () {
  "use strict";

  var DATA = JSON.parse(document.getElementById("report-data").textContent);
  var ROOT = document.getElementById("report");
  var COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
    "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939"];
  var K = {
    tput: "Throughput (requests/second)",
    good: "Goodput (requests/second)",
    dist: "Latency Distribution",
    byType: "Latency Distribution By Transaction Type",
    status: "Transaction Status Counts",
    aborts: "User Abort Messages",
    states: "Error SQLStates",
    unserved: "Unserved Rate-Limited Requests",
    inFlight: "In Flight At End",
    intended: "Latency Distribution From Intended Start",
    service: "Latency Distribution Of Rate-Limited Requests",
    rate: "Rate (requests/second)",
    min: "Minimum Latency (microseconds)",
    p25: "25th Percentile Latency (microseconds)",
    p50: "Median Latency (microseconds)",
    avg: "Average Latency (microseconds)",
    p75: "75th Percentile Latency (microseconds)",
    p90: "90th Percentile Latency (microseconds)",
    p95: "95th Percentile Latency (microseconds)",
    p99: "99th Percentile Latency (microseconds)",
    p999: "99.9th Percentile Latency (microseconds)",
    p9999: "99.99th Percentile Latency (microseconds)",
    max: "Maximum Latency (microseconds)"
  };
  var PCTS = [["p25", "p25"], ["p50", "p50"], ["p75", "p75"], ["p90", "p90"], ["p95", "p95"],
    ["p99", "p99"], ["p999", "p99.9"], ["p9999", "p99.99"], ["max", "max"]];
  var charts = [];

  // ---- small DOM helpers -------------------------------------------------------------------

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (k === "text") e.textContent = attrs[k];
        else e.setAttribute(k, attrs[k]);
      });
    }
    (children || []).forEach(function (c) {
      if (c != null) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return e;
  }

  function add(parent, tag, attrs, children) {
    var e = el(tag, attrs, children);
    parent.appendChild(e);
    return e;
  }

  function table(parent, headers, rows, cls) {
    var t = add(parent, "table", cls ? { "class": cls } : null);
    if (headers) {
      var tr = add(t, "tr");
      headers.forEach(function (h) { add(tr, "th", { text: h }); });
    }
    rows.forEach(function (r) {
      var tr = add(t, "tr");
      r.forEach(function (c) {
        if (c instanceof Node) add(tr, "td", null, [c]);
        else add(tr, "td", { text: c == null ? "-" : String(c) });
      });
    });
    return t;
  }

  function num(v) { return typeof v === "number" && isFinite(v) ? v : null; }

  function ms(us) {
    var v = num(us);
    return v == null || v < 0 ? "-" : (v / 1000).toFixed(v < 10000 ? 3 : 1);
  }

  function fixed(v, d) { v = num(v); return v == null ? "-" : v.toFixed(d); }

  function int(v) { v = num(v); return v == null ? "-" : String(Math.round(v)); }

  function pct(v) { v = num(v); return v == null ? "-" : (100 * v).toFixed(2) + "%"; }

  function obj(v) { return v && typeof v === "object" && !Array.isArray(v) ? v : null; }

  function note(parent, text) { return add(parent, "p", { "class": "note", text: text }); }

  // ---- charts ------------------------------------------------------------------------------

  // Latency is plotted in ms on a log scale, which cannot show 0: 1 us is the floor.
  function msSeries(arr) {
    return (arr || []).map(function (v) { v = num(v); return v == null || v < 0 ? null : Math.max(v, 1) / 1000; });
  }

  function nines(p) { return -Math.log10(Math.max(1e-12, 1 - p / 100)); }

  function ninesLabel(v) {
    var p = 100 * (1 - Math.pow(10, -v));
    return (Math.round(p * 10000) / 10000) + "%";
  }

  function widthOf(box) { return Math.max(320, Math.floor(box.getBoundingClientRect().width || 600) - 10); }

  /**
   * spec: {title, x: [...], series: [{label, y: [...], color, dash, points}], xLabel, yLabel,
   * yLog, xNines, marks: [{x, label}], bands: [{from, to, label}], points: [{x, y, label}]}
   */
  function chart(parent, spec) {
    var box = add(parent, "div", { "class": "chart" });
    var rec = { title: spec.title, series: spec.series.length, drawn: {}, points: [] };
    spec.series.forEach(function (s) {
      rec.points.push(s.y.filter(function (v) { return v != null; }).length);
    });
    var opts = {
      title: spec.title,
      width: widthOf(box),
      height: 300,
      scales: {
        x: { time: false },
        y: spec.yLog ? { distr: 3 } : { range: function (u, lo, hi) { return [Math.min(0, lo), hi > 0 ? hi * 1.08 : 1]; } }
      },
      axes: [
        {
          label: spec.xLabel,
          values: spec.xNines ? function (u, splits) { return splits.map(ninesLabel); } : undefined,
          splits: spec.xNines ? function (u, i, lo, hi) {
            var s = []; for (var v = Math.ceil(lo); v <= hi; v++) s.push(v); return s;
          } : undefined
        },
        { label: spec.yLabel, size: 70 }
      ],
      legend: { live: true },
      series: [{ label: spec.xLabel }].concat(spec.series.map(function (s, i) {
        return {
          label: s.label,
          stroke: s.color || COLORS[i % COLORS.length],
          width: 1.5,
          dash: s.dash,
          spanGaps: true,
          points: { show: !!spec.showPoints, size: 7 }
        };
      })),
      hooks: {
        drawSeries: [function (u, si) { rec.drawn[si] = true; }],
        draw: [function (u) { decorate(u, spec); }]
      }
    };
    var data = [spec.x].concat(spec.series.map(function (s) { return s.y; }));
    rec.u = new uPlot(opts, data, box);
    charts.push(rec);
    return rec;
  }

  // Phase boundaries, the warm-up band and marked points, drawn over the plot area.
  function decorate(u, spec) {
    var ctx = u.ctx;
    var top = u.bbox.top;
    var h = u.bbox.height;
    var dpr = window.devicePixelRatio || 1;
    ctx.save();
    ctx.font = (11 * dpr) + "px sans-serif";
    (spec.bands || []).forEach(function (b) {
      var x0 = u.valToPos(b.from, "x", true);
      var x1 = u.valToPos(b.to, "x", true);
      ctx.fillStyle = "rgba(120,120,120,0.15)";
      ctx.fillRect(Math.min(x0, x1), top, Math.abs(x1 - x0), h);
      ctx.fillStyle = "#555";
      // under the phase labels, never left of the plot area
      ctx.fillText(b.label, Math.max(Math.min(x0, x1), u.bbox.left) + 4 * dpr, top + h - 8 * dpr);
    });
    (spec.marks || []).forEach(function (m) {
      var x = u.valToPos(m.x, "x", true);
      ctx.strokeStyle = "#888";
      ctx.setLineDash([4 * dpr, 4 * dpr]);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + h);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = "#333";
      ctx.fillText(m.label, x + 3 * dpr, top + 28 * dpr);
    });
    (spec.points || []).forEach(function (p) {
      var x = u.valToPos(p.x, "x", true);
      var y = u.valToPos(p.y, "y", true);
      ctx.strokeStyle = "#b3261e";
      ctx.lineWidth = 2 * dpr;
      ctx.beginPath();
      ctx.arc(x, y, 8 * dpr, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.fillStyle = "#b3261e";
      // near the right edge the label goes to the left of its point, so it is not cut off
      var right = x > u.bbox.left + u.bbox.width * 0.6;
      ctx.textAlign = right ? "right" : "left";
      ctx.fillText(p.label, right ? x - 11 * dpr : x + 11 * dpr, y - 8 * dpr);
      ctx.textAlign = "left";
    });
    ctx.restore();
  }

  // Aligns several (x, y) tables on the union of their x values (gaps become nulls).
  function joined(tables) {
    var j = uPlot.join(tables.map(function (t) { return [t.x, t.y]; }));
    return { x: j[0], ys: j.slice(1) };
  }

  function sortedBy(xs, ys) {
    var idx = xs.map(function (_, i) { return i; }).filter(function (i) { return xs[i] != null; });
    idx.sort(function (a, b) { return xs[a] - xs[b]; });
    return { x: idx.map(function (i) { return xs[i]; }), y: idx.map(function (i) { return ys[i]; }) };
  }

  window.addEventListener("resize", function () {
    charts.forEach(function (c) {
      var box = c.u.root.parentNode;
      c.u.setSize({ width: widthOf(box), height: 300 });
    });
  });

  // ---- data access -------------------------------------------------------------------------

  function summary(run) { return run.summary || {}; }

  function phases(run) {
    return (summary(run).Phases || []).filter(function (p) { return num(p.Requests) > 0; });
  }

  function typeDists(run) {
    return obj(summary(run)[K.byType]) || obj(run.rawTypes) || {};
  }

  function when(ms) {
    var v = num(ms);
    return v == null ? "-" : new Date(v).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
  }

  // ---- sections ----------------------------------------------------------------------------

  function header(run) {
    var s = summary(run);
    add(ROOT, "h1", { text: "BenchBase run report: " + (s["Benchmark Type"] || run.name) });
    note(ROOT, run.name + " · charts drawn with " + DATA.chartLibrary + " (inlined, works offline)");
    var ps = summary(run).Phases || [];
    table(ROOT, null, [
      ["Benchmark", s["Benchmark Type"]],
      ["Database", (s["DBMS Type"] || "-") + (s["DBMS Version"] ? " · " + s["DBMS Version"] : "")],
      ["Started", when(s["Start timestamp (milliseconds)"])],
      ["Measured time", fixed(num(s["Elapsed Time (nanoseconds)"]) / 1e9, 1) + " s"],
      ["Final state", s["Final State"]],
      ["Phases", ps.length ? ps.map(function (p) {
        return "#" + p.Phase + " " + p["Time (seconds)"] + " s, " + p.Terminals + " terminals, " +
          (p[K.rate] == null ? "unlimited" : p[K.rate] + "/s " + (p.Arrival || "").toLowerCase());
      }).join("; ") : "-"],
      ["Terminals", s.terminals],
      ["Isolation", s.isolation],
      ["Scale factor", s.scalefactor]
    ], "kv");
    if (run.settings && run.settings.length) {
      var d = add(ROOT, "details");
      add(d, "summary", { text: "All settings (" + run.settings.length + "; credentials and connection details left out)" });
      table(d, ["Setting", "Value"], run.settings, "kv");
    }
  }

  function figures(run) {
    var s = summary(run);
    var d = obj(s[K.dist]) || {};
    add(ROOT, "h2", { text: "Summary" });
    table(ROOT, ["Throughput /s", "Goodput /s", "Requests", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "max ms"], [[
      fixed(s[K.tput], 1), fixed(s[K.good], 1), int(s["Measured Requests"]),
      ms(d[K.p50]), ms(d[K.p95]), ms(d[K.p99]), ms(d[K.p999]), ms(d[K.max])
    ]]);
    var f = obj(s[K.inFlight]);
    if (f && num(f.Requests) > 0) {
      add(ROOT, "p", { "class": "bad", text: "In flight at end: " + int(f.Requests) + " request(s) were still waiting on the database " +
        fixed(f["Grace (seconds)"], 1) + " s after the end and were abandoned, unmeasured; the longest had waited " +
        fixed(f["Longest Wait (seconds)"], 1) + " s. The database stalled across the end of the run." });
    }
  }

  function audit(run) {
    add(ROOT, "h2", { text: "Audit" });
    if (run.audit == null) {
      note(ROOT, "No audit verdict for this run.");
      return;
    }
    var a = obj(run.audit);
    var verdict = a ? (a.Verdict || a.verdict || a.Result || a.result || a.Status || a.status) : run.audit;
    if (verdict != null) {
      var ok = /^(pass|passed|ok|success)$/i.test(String(verdict));
      add(ROOT, "p", null, ["Verdict: ", el("span", { "class": ok ? "good" : "bad", text: String(verdict) })]);
    }
    if (a) renderValue(ROOT, a);
  }

  // What the reads saw (docs/anomalies.md): per class, reads checked, anomalies seen, the promise.
  var ANOMALY_LABELS = { fracturedReads: "Fractured reads", staleReads: "Stale reads",
    readYourWritesViolations: "Read-your-writes violations" };

  function anomalies(run) {
    var a = obj(summary(run).Anomalies);
    if (!a) return;
    add(ROOT, "h2", { text: "What the reads saw" });
    note(ROOT, int(a["reads checked"]) + " reads checked online against the writes this driver made; " +
      int(a["reads not checkable"]) + " returned only rows of writes it does not remember (the load's, other processes')." +
      " A class the setting forbids fails the audit; one it allows is reported.");
    var rows = [];
    var examples = [];
    Object.keys(ANOMALY_LABELS).forEach(function (k) {
      var c = obj(a[k]);
      if (!c) return;
      var bad = num(c.seen) > 0 && c.promise === "forbidden";
      rows.push([ANOMALY_LABELS[k], int(c.checked), el("span", { "class": bad ? "bad" : (num(c.seen) > 0 ? "" : "good"), text: int(c.seen) }),
        fixed(c["per million checked"], 1), c.promise]);
      (c.examples || []).slice(0, 3).forEach(function (e) {
        examples.push([ANOMALY_LABELS[k], e.key, e.saw, e.expectedAtLeast, e.alsoSaw || "-", e.server || "-"]);
      });
    });
    table(ROOT, ["Class", "Reads checked", "Seen", "Per million checked", "Promise"], rows);
    if (examples.length) {
      table(ROOT, ["Class", "Key", "Saw", "Expected at least", "Also saw", "Server"], examples);
    }
    var sr = obj(a["Per Window"]);
    if (sr && sr.Seconds && sr.Seconds.length && run.series && run.series.t) {
      var keys = Object.keys(ANOMALY_LABELS).filter(function (k) { return sr[k]; });
      var width = sr.Seconds.map(function (t, i) { return i === 0 ? t : t - sr.Seconds[i - 1]; });
      var j = joined([{ x: run.series.t, y: run.series.tput }].concat(keys.map(function (k) {
        return { x: sr.Seconds, y: sr[k].map(function (v, i) { return width[i] > 0 ? v / width[i] : null; }) };
      })));
      var grid = add(ROOT, "div", { "class": "grid" });
      chart(grid, { title: "Anomalies seen per second, beside throughput", x: j.x, xLabel: "seconds", yLabel: "per second",
        series: j.ys.map(function (y, i) { return { label: i === 0 ? "throughput (requests/s)" : ANOMALY_LABELS[keys[i - 1]], y: y }; }) });
    }
  }

  function overTime(run) {
    var sr = run.series;
    if (!sr || !sr.t || !sr.t.length) return;
    add(ROOT, "h2", { text: "Over time" });
    var grid = add(ROOT, "div", { "class": "grid" });
    var marks = (summary(run).Phases || []).filter(function (p) { return num(p["Start (seconds)"]) != null; })
      .map(function (p) { return { x: p["Start (seconds)"], label: "phase " + p.Phase }; });
    var warm = num(run.warmup) || 0;
    var x = sr.t.slice();
    var tput = sr.tput.slice();
    if (warm > 0) {
      // the warm-up is not measured: show it as an empty band before second 0
      x.unshift(-warm);
      tput.unshift(null);
    }
    var bands = warm > 0 ? [{ from: -warm, to: 0, label: "warm-up (not measured)" }] : [];
    chart(grid, {
      title: "Throughput (requests/s)", x: x, xLabel: "seconds", yLabel: "requests/s",
      series: [{ label: "throughput", y: tput }], marks: marks, bands: bands
    });
    var lat = [["p50", sr.p50], ["p95", sr.p95], ["p99", sr.p99], ["p99.9", sr.p999]]
      .filter(function (l) { return l[1]; })
      .map(function (l) { var y = msSeries(l[1]); if (warm > 0) y.unshift(null); return { label: l[0], y: y }; });
    chart(grid, {
      title: "Latency (ms, log scale)", x: x, xLabel: "seconds", yLabel: "ms", yLog: true,
      series: lat, marks: marks, bands: bands
    });
    note(ROOT, "One point per second of measurement (a transaction counts in the second it started). " +
      "Dashed lines mark where each phase's first transaction started.");
  }

  function phaseTable(run) {
    var ps = summary(run).Phases;
    if (!ps || !ps.length) return;
    add(ROOT, "h2", { text: "Phases" });
    table(ROOT, ["Phase", "Benchmark", "Terminals", "Rate /s", "Time s", "Requests", "Throughput /s",
      "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "p99 from intended start ms", "Unserved", "Mix p-value"],
      ps.map(function (p) {
        var d = obj(p[K.dist]) || {};
        var i = obj(p[K.intended]) || {};
        return [p.Phase, p.Benchmark, p.Terminals, p[K.rate] == null ? "unlimited" : p[K.rate],
          p["Time (seconds)"], int(p.Requests), fixed(p[K.tput], 1), ms(d[K.p50]), ms(d[K.p95]),
          ms(d[K.p99]), ms(d[K.p999]), ms(i[K.p99]), int(p[K.unserved]), fixed(p["Mix p-value"], 4)];
      }));
  }

  // ---- what the database spent (summary "Database", database.csv) --------------------------

  var DB_FIGURES = ["Server CPU microseconds", "Driver CPU microseconds", "KB read", "KB written", "WAL/redo KB", "Disk reads", "Row-lock waits per 1000",
    "Deadlocks per 1000", "Rows changed", "Replicated KB", "Server storage KB read", "Server storage KB written"];

  function dbFigure(v) { v = num(v); return v == null ? "-" : (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3)); }

  function mb(bytes) { bytes = num(bytes); return bytes == null ? "-" : (bytes / 1048576).toFixed(1); }

  function database(run) {
    var d = obj(summary(run).Database);
    if (!d) return;
    add(ROOT, "h2", { text: "Database: what each side spent" });
    note(ROOT, "Server process: " + (d["Server Process"] || "-") + ". " + d.Family + ", read by " + d["Sampled By"] + " over one extra connection: " +
      (d.Sources || []).join(", ") + ". " + int(d.Readings) + " readings, " + int(d.Gaps) + " gaps. " +
      "Size " + mb(d["Size at start (bytes)"]) + " MB at start, " + mb(d["Size at end (bytes)"]) + " MB at end.");
    (d.Notices || []).forEach(function (n) { add(ROOT, "p", { "class": "bad", text: n }); });
    var ps = d.Phases || [];
    var shown = DB_FIGURES.filter(function (f) {
      return ps.some(function (p) { var pr = obj(p["Per Request"]); return pr && pr[f] !== undefined; });
    });
    if (ps.length) {
      table(ROOT, ["Phase", "Requests", "Seconds"].concat(shown.map(function (f) { return f + " /request"; })).concat(["Size at end MB"]),
        ps.map(function (p) {
          var pr = obj(p["Per Request"]) || {};
          return [p.Phase, int(p.Requests), fixed(p.Seconds, 1)].concat(shown.map(function (f) {
            return p.Complete ? dbFigure(pr[f]) : "gap";
          })).concat([mb(p["Size at end (bytes)"])]);
        }));
    }
    var lagged = ps.filter(function (p) { return obj(p["Replication Lag"]); });
    if (lagged.length) {
      add(ROOT, "h3", { text: "Replication lag" });
      table(ROOT, ["Phase", "Standbys", "Write lag ms", "Flush lag ms", "Replay lag ms", "Replay behind KB"],
        lagged.map(function (p) {
          var l = p["Replication Lag"];
          var behind = num(l["Replay Behind (bytes)"]);
          return [p.Phase, int(l.Standbys), dbFigure(l["Write Lag (ms)"]), dbFigure(l["Flush Lag (ms)"]),
            dbFigure(l["Replay Lag (ms)"]), behind == null ? "-" : dbFigure(behind / 1024)];
        }));
      note(ROOT, "The largest over the standbys streaming from the database (pg_stat_replication) and over the phase's readings, " +
        "the one that closes the phase included: how far behind the primary a read on a standby could have been.");
    }
    var ds = run.databaseSeries;
    if (!ds || !ds.t || !ds.t.length) return;
    var rates = [["WAL/redo MB/s", ds.walMBs, "MB/s"], ["Disk reads/s", ds.diskReadsPerSec, "reads/s"],
      [ds.locksLabel, ds.locks, ds.locksLabel]].filter(function (c) {
      return c[1] && c[1].some(function (v) { return v != null; });
    });
    // SQLite keeps no running totals: nothing to draw over time
    if (!rates.length) return;
    var grid = add(ROOT, "div", { "class": "grid" });
    var marks = (summary(run).Phases || []).filter(function (p) { return num(p["Start (seconds)"]) != null; })
      .map(function (p) { return { x: p["Start (seconds)"], label: "phase " + p.Phase }; });
    var gapMarks = (ds.gaps || []).map(function (g) { return { x: g, label: "gap" }; });
    var sr = run.series;
    if (sr && sr.t && sr.t.length) {
      chart(grid, { title: "Requests/s", x: sr.t, xLabel: "seconds", yLabel: "requests/s",
        series: [{ label: "throughput", y: sr.tput }], marks: marks });
    }
    rates.forEach(function (c) {
      chart(grid, { title: c[0], x: ds.t, xLabel: "seconds", yLabel: c[2],
        series: [{ label: c[0], y: c[1] }], marks: marks.concat(gapMarks), showPoints: true });
    });
    note(ROOT, "Rates between consecutive readings (every results window and at each phase boundary), " +
      "placed at the later reading; a gap is a reading that failed. The counters are the database's " +
      "(on PostgreSQL, WAL and background writer are the whole cluster's; on MariaDB/MySQL, the server's).");
  }

  function compareDatabase(runs) {
    var withDb = runs.filter(function (r) { return obj(summary(r).Database); });
    if (!withDb.length) return;
    add(ROOT, "h2", { text: "Database: what each run spent per request" });
    var maxPhases = 0;
    withDb.forEach(function (r) { maxPhases = Math.max(maxPhases, (summary(r).Database.Phases || []).length); });
    var rows = [["Database", function (d) { return d.Family; }],
      ["Size at start MB", function (d) { return mb(d["Size at start (bytes)"]); }],
      ["Size at end MB", function (d) { return mb(d["Size at end (bytes)"]); }]];
    for (var i = 0; i < maxPhases; i++) {
      (function (i) {
        DB_FIGURES.forEach(function (f) {
          rows.push(["Phase " + (i + 1) + ": " + f + " /request", function (d) {
            var p = (d.Phases || [])[i];
            var pr = p && obj(p["Per Request"]);
            return pr && pr[f] !== undefined ? dbFigure(pr[f]) : "-";
          }]);
        });
      })(i);
    }
    rows = rows.filter(function (row) { return withDb.some(function (r) { return row[1](summary(r).Database) !== "-"; }); });
    table(ROOT, ["Figure"].concat(withDb.map(function (r) { return r.name; })),
      rows.map(function (row) { return [row[0]].concat(withDb.map(function (r) { return row[1](summary(r).Database); })); }));
  }

  function sweeps(runs) {
    var withPhases = runs.filter(function (r) { return phases(r).length >= 2; });
    if (!withPhases.length) return;
    add(ROOT, "h2", { text: "Sweeps: throughput and latency per phase" });
    var grid = add(ROOT, "div", { "class": "grid" });
    var single = runs.length === 1;
    var open = withPhases.filter(function (r) {
      var ts = {};
      phases(r).forEach(function (p) { if (p[K.rate] == null) ts[p.Terminals] = 1; });
      return Object.keys(ts).length >= 2;
    });
    if (open.length) {
      var tp = joined(open.map(function (r) {
        var ps = phases(r).filter(function (p) { return p[K.rate] == null; });
        return sortedBy(ps.map(function (p) { return p.Terminals; }), ps.map(function (p) { return p[K.tput]; }));
      }));
      chart(grid, {
        title: "Throughput vs terminals", x: tp.x, xLabel: "terminals", yLabel: "requests/s", showPoints: true,
        series: tp.ys.map(function (y, i) { return { label: single ? "throughput" : open[i].name, y: y }; }),
        points: saturationPoints(open, "concurrency", function (s) { return [s.terminals, s.throughput]; })
      });
      var latT = [];
      var tables = [];
      open.forEach(function (r) {
        var ps = phases(r).filter(function (p) { return p[K.rate] == null; });
        [["p50", K.p50], ["p99", K.p99]].forEach(function (k) {
          tables.push(sortedBy(ps.map(function (p) { return p.Terminals; }),
            msSeries(ps.map(function (p) { return (obj(p[K.dist]) || {})[k[1]]; }))));
          latT.push({ label: (single ? "" : r.name + " ") + k[0], dash: k[0] === "p50" ? [5, 4] : undefined });
        });
      });
      var lt = joined(tables);
      chart(grid, {
        title: "Latency vs terminals (ms, log scale)", x: lt.x, xLabel: "terminals", yLabel: "ms", yLog: true,
        showPoints: true,
        series: lt.ys.map(function (y, i) { return { label: latT[i].label, y: y, dash: latT[i].dash, color: COLORS[Math.floor(i / 2) % COLORS.length] }; })
      });
    }
    var lat = [];
    var tables2 = [];
    withPhases.forEach(function (r) {
      var ps = phases(r);
      [["p50", K.p50], ["p99", K.p99]].forEach(function (k) {
        tables2.push(sortedBy(ps.map(function (p) { return num(p[K.tput]); }),
          msSeries(ps.map(function (p) { return (obj(p[K.dist]) || {})[k[1]]; }))));
        lat.push({ label: (single ? "" : r.name + " ") + k[0], dash: k[0] === "p50" ? [5, 4] : undefined });
      });
    });
    var lx = joined(tables2);
    var pts = [];
    withPhases.forEach(function (r) {
      var s = obj(r.saturation) || {};
      ["rate", "concurrency"].forEach(function (kind) {
        var sp = obj(s[kind]);
        if (!sp) return;
        var p = phases(r).filter(function (q) { return q.Phase === sp.phase; })[0];
        if (p) pts.push({ x: num(p[K.tput]), y: Math.max(num((obj(p[K.dist]) || {})[K.p99]) || 1, 1) / 1000,
          label: (single ? "" : r.name + ": ") + "saturation (phase " + sp.phase + ")" });
      });
    });
    chart(grid, {
      title: "Latency vs achieved throughput (ms, log scale)", x: lx.x, xLabel: "requests/s", yLabel: "ms", yLog: true,
      showPoints: true, points: pts,
      series: lx.ys.map(function (y, i) { return { label: lat[i].label, y: y, dash: lat[i].dash, color: COLORS[Math.floor(i / 2) % COLORS.length] }; })
    });
    withPhases.forEach(function (r) {
      var s = obj(r.saturation) || {};
      var c = obj(s.concurrency);
      var q = obj(s.rate);
      var prefix = single ? "" : r.name + ": ";
      if (c) note(ROOT, prefix + "Concurrency knee at " + c.terminals + " terminals (phase " + c.phase + "): " + c.reason + ".");
      if (q) note(ROOT, prefix + "Saturated at an offered " + q.rate + "/s (phase " + q.phase + "): " + q.reason + ".");
      if (!c && !q) note(ROOT, prefix + "No saturation point: the sweep needs phases at two or more terminal counts (unlimited rate) or two or more rates, and a rate sweep marks the first rate the database did not keep up with.");
    });
  }

  function saturationPoints(runs, kind, xy) {
    var pts = [];
    runs.forEach(function (r) {
      var s = obj((obj(r.saturation) || {})[kind]);
      if (s) {
        var v = xy(s);
        pts.push({ x: v[0], y: v[1], label: (runs.length > 1 ? r.name + ": " : "") + "knee" });
      }
    });
    return pts;
  }

  function types(run) {
    var dists = typeDists(run);
    var names = Object.keys(dists);
    if (!names.length) return;
    add(ROOT, "h2", { text: "Transaction types" });
    var total = 0;
    names.forEach(function (n) { total += num(dists[n].Requests) || 0; });
    table(ROOT, ["Type", "Requests", "Share"].concat(PCTS.map(function (p) { return p[1] + " ms"; })),
      names.map(function (n) {
        var d = dists[n];
        return [n, int(d.Requests), total > 0 ? pct((num(d.Requests) || 0) / total) : "-"]
          .concat(PCTS.map(function (p) { return ms(d[K[p[0]]]); }));
      }));
    var st = obj(summary(run)[K.status]);
    if (st) {
      var cols = ["SUCCESS", "USER_ABORTED", "RETRY", "RETRY_DIFFERENT", "ERROR", "UNKNOWN"];
      add(ROOT, "h3", { text: "Outcomes (warm-up included)" });
      table(ROOT, ["Type"].concat(cols), Object.keys(st).map(function (n) {
        return [n].concat(cols.map(function (c) { return int((st[n] || {})[c]); }));
      }));
      var details = [];
      [[K.aborts, "user abort"], [K.states, "SQLState"]].forEach(function (k) {
        var m = obj(summary(run)[k[0]]) || {};
        Object.keys(m).forEach(function (t) {
          Object.keys(m[t] || {}).forEach(function (msg) { details.push([t, k[1], msg, int(m[t][msg])]); });
        });
      });
      if (details.length) table(ROOT, ["Type", "Kind", "Message / SQLState", "Count"], details);
    }
    var curves = obj(run.curves);
    if (curves && Object.keys(curves).length) {
      percentileChart(ROOT, "Latency by percentile (ms, log scale)", curves);
    }
  }

  function percentileChart(parent, title, curves) {
    var names = Object.keys(curves).filter(function (n) { return curves[n].p && curves[n].p.length; });
    if (!names.length) return;
    var j = joined(names.map(function (n) {
      return { x: curves[n].p.map(nines), y: msSeries(curves[n].v) };
    }));
    chart(parent, {
      title: title, x: j.x, xLabel: "percentile", yLabel: "ms", yLog: true, xNines: true,
      series: j.ys.map(function (y, i) { return { label: names[i], y: y, width: names[i] === "All" ? 2.5 : 1.5 }; })
    });
  }

  function rateLimited(run) {
    var s = summary(run);
    var i = obj(s[K.intended]);
    if (!i) return;
    var v = obj(s[K.service]) || {};
    add(ROOT, "h2", { text: "Rate-limited requests" });
    note(ROOT, "Latency from when each request was due (its intended start) includes the time it waited for a free terminal; " +
      "service time starts when a terminal began it. A gap between the two means the database did not keep up with the offered rate.");
    table(ROOT, ["Latency", "Requests"].concat(PCTS.map(function (p) { return p[1] + " ms"; })), [
      ["From intended start", int(i.Requests)].concat(PCTS.map(function (p) { return ms(i[K[p[0]]]); })),
      ["Service time", int(v.Requests)].concat(PCTS.map(function (p) { return ms(v[K[p[0]]]); }))
    ]);
    var u = obj(s[K.unserved]) || {};
    table(ROOT, ["Phase", "Unserved requests (due, never started)"], Object.keys(u).map(function (k) { return [k, int(u[k])]; }));
    if (obj(run.rateCurves)) percentileChart(ROOT, "Intended start vs service time (ms, log scale)", run.rateCurves);
  }

  function fidelity(run) {
    var ps = summary(run).Phases || [];
    var f = obj(run.fidelity) || {};
    if (!ps.length && !Object.keys(f).length) return;
    add(ROOT, "h2", { text: "Workload fidelity" });
    note(ROOT, "What was drawn against what was configured. The mix p-value is Pearson's chi-square test of the observed " +
      "transaction counts against the weights: a small value (below 0.001) means the mix differs from the configuration " +
      "by more than chance (measured transactions only; aborted and failed attempts count under their type).");
    ps.forEach(function (p) {
      var mix = obj(p["Transaction Mix"]) || {};
      var names = Object.keys(mix);
      if (!names.length) return;
      var wsum = 0;
      var n = 0;
      names.forEach(function (t) { wsum += Math.max(0, num(mix[t].Weight) || 0); n += num(mix[t].Requests) || 0; });
      var pv = num(p["Mix p-value"]);
      add(ROOT, "h3", null, ["Phase " + p.Phase + " (" + p.Benchmark + "): mix ",
        pv == null ? el("span", { text: "not tested (serial phase or no transactions)" })
          : el("span", { "class": pv < 0.001 ? "bad" : "good",
            text: (pv < 0.001 ? "differs from the weights" : "consistent with the weights") + " (chi-square " + fixed(p["Mix Chi-Square"], 2) + ", p = " + fixed(pv, 4) + ")" })]);
      table(ROOT, ["Type", "Weight", "Configured share", "Observed share", "Requests"], names.map(function (t) {
        var w = Math.max(0, num(mix[t].Weight) || 0);
        return [t, mix[t].Weight, wsum > 0 ? pct(w / wsum) : "-", n > 0 ? pct((num(mix[t].Requests) || 0) / n) : "-", int(mix[t].Requests)];
      }));
    });
    Object.keys(f).forEach(function (bench) {
      add(ROOT, "h3", { text: bench + ": generator draws" });
      renderValue(ROOT, f[bench]);
    });
    if (!Object.keys(f).length) {
      note(ROOT, "The benchmark module reports no draws of its own (key skew, payload sizes, shards): it has no workloadFidelity() method.");
    }
  }

  // Any JSON value as nested key/value tables (module fidelity and audit details).
  function renderValue(parent, v) {
    if (Array.isArray(v)) {
      if (v.length && v.every(function (x) { return obj(x); })) {
        var keys = [];
        v.forEach(function (x) { Object.keys(x).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); }); });
        table(parent, keys, v.map(function (x) { return keys.map(function (k) { return cell(x[k]); }); }));
      } else {
        add(parent, "span", { text: v.map(String).join(", ") });
      }
      return;
    }
    var o = obj(v);
    if (!o) {
      add(parent, "span", { text: String(v) });
      return;
    }
    table(parent, null, Object.keys(o).map(function (k) { return [k, cell(o[k])]; }), "kv");
  }

  function cell(v) {
    if (v == null) return "-";
    if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toPrecision(4);
    if (typeof v !== "object") return String(v);
    var box = el("div");
    renderValue(box, v);
    return box;
  }

  // ---- comparison --------------------------------------------------------------------------

  function compare(runs) {
    add(ROOT, "h1", { text: DATA.title });
    note(ROOT, "Charts drawn with " + DATA.chartLibrary + " (inlined, works offline).");
    add(ROOT, "h2", { text: "Side by side" });
    var rows = [
      ["Benchmark", function (s) { return s["Benchmark Type"]; }],
      ["Database", function (s) { return s["DBMS Type"]; }],
      ["Version", function (s) { return s["DBMS Version"]; }],
      ["Started", function (s) { return when(s["Start timestamp (milliseconds)"]); }],
      ["Terminals", function (s) { return s.terminals; }],
      ["Isolation", function (s) { return s.isolation; }],
      ["Scale factor", function (s) { return s.scalefactor; }],
      ["Final state", function (s) { return s["Final State"]; }],
      ["Measured time s", function (s) { return fixed(num(s["Elapsed Time (nanoseconds)"]) / 1e9, 1); }],
      ["Requests", function (s) { return int(s["Measured Requests"]); }],
      ["Throughput /s", function (s) { return fixed(s[K.tput], 1); }],
      ["Goodput /s", function (s) { return fixed(s[K.good], 1); }]
    ];
    PCTS.concat([["avg", "average"], ["min", "min"]]).forEach(function (p) {
      rows.push([p[1] + " ms", function (s) { return ms((obj(s[K.dist]) || {})[K[p[0]]]); }]);
    });
    Object.keys(ANOMALY_LABELS).forEach(function (k) {
      rows.push([ANOMALY_LABELS[k] + " per million checked", function (s) {
        var c = obj(obj(s.Anomalies) ? s.Anomalies[k] : null);
        return c ? fixed(c["per million checked"], 1) + " (" + int(c.seen) + " of " + int(c.checked) + (c.promise === "forbidden" ? "" : "; " + c.promise) + ")" : "-";
      }]);
    });
    rows.push(["Audit", function (s, r) { var a = obj(r.audit); return r.audit == null ? "-" : a ? (a.Verdict || a.verdict || a.Result || a.result || a.Status || a.status || "present") : String(r.audit); }]);
    table(ROOT, ["Figure"].concat(runs.map(function (r) { return r.name; })),
      rows.map(function (row) { return [row[0]].concat(runs.map(function (r) { return row[1](summary(r), r); })); }));

    var typeNames = [];
    runs.forEach(function (r) { Object.keys(typeDists(r)).forEach(function (n) { if (typeNames.indexOf(n) < 0) typeNames.push(n); }); });
    if (typeNames.length) {
      add(ROOT, "h2", { text: "Transaction types" });
      var hdr = ["Type", "Figure"].concat(runs.map(function (r) { return r.name; }));
      var trs = [];
      typeNames.forEach(function (n) {
        [["Requests", function (d) { return int(d.Requests); }], ["p50 ms", function (d) { return ms(d[K.p50]); }],
          ["p99 ms", function (d) { return ms(d[K.p99]); }], ["p99.9 ms", function (d) { return ms(d[K.p999]); }]]
          .forEach(function (f) {
            trs.push([n, f[0]].concat(runs.map(function (r) { var d = typeDists(r)[n]; return d ? f[1](d) : "-"; })));
          });
      });
      table(ROOT, hdr, trs);
    }

    var timed = runs.filter(function (r) { return r.series && r.series.t && r.series.t.length; });
    if (timed.length) {
      add(ROOT, "h2", { text: "Over time" });
      var grid = add(ROOT, "div", { "class": "grid" });
      var tp = joined(timed.map(function (r) { return { x: r.series.t, y: r.series.tput }; }));
      chart(grid, { title: "Throughput (requests/s)", x: tp.x, xLabel: "seconds", yLabel: "requests/s",
        series: tp.ys.map(function (y, i) { return { label: timed[i].name, y: y }; }) });
      var tables = [];
      var labels = [];
      timed.forEach(function (r) {
        tables.push({ x: r.series.t, y: msSeries(r.series.p99) });
        labels.push(r.name + " p99");
      });
      var lt = joined(tables);
      chart(grid, { title: "p99 latency (ms, log scale)", x: lt.x, xLabel: "seconds", yLabel: "ms", yLog: true,
        series: lt.ys.map(function (y, i) { return { label: labels[i], y: y }; }) });
      note(ROOT, "Time series come from samples.csv (1-second windows) or, for upstream result sets without it, results.csv (-s windows).");
    }
    compareDatabase(runs);
    var withCurves = runs.filter(function (r) { return obj(r.curves) && obj(r.curves).All; });
    if (withCurves.length) {
      add(ROOT, "h2", { text: "Latency by percentile" });
      var c = {};
      withCurves.forEach(function (r) { c[r.name] = r.curves.All; });
      percentileChart(ROOT, "All transactions (ms, log scale)", c);
    }
    sweeps(runs);
  }

  // ---- the side collectors' own sections (RunReport.Section: a summary key each) ----------

  function flatten(prefix, v, rows) {
    if (obj(v)) {
      Object.keys(v).forEach(function (k) { flatten(prefix ? prefix + " / " + k : k, v[k], rows); });
    } else {
      rows.push([prefix, Array.isArray(v) ? JSON.stringify(v) : v]);
    }
  }

  function sections(run) {
    (run.sections || []).forEach(function (s) {
      var d = obj(summary(run)[s.key]);
      if (!d) return;
      add(ROOT, "h2", { text: s.key });
      (s.lines || []).forEach(function (l) { note(ROOT, l); });
      var rows = [];
      flatten("", d, rows);
      table(ROOT, ["Figure", "Value"], rows);
    });
  }

  // ---- main --------------------------------------------------------------------------------

  function report() {
    var runs = DATA.runs || [];
    if (runs.length === 1) {
      var run = runs[0];
      header(run);
      figures(run);
      audit(run);
      anomalies(run);
      overTime(run);
      phaseTable(run);
      database(run);
      sections(run);
      sweeps(runs);
      types(run);
      rateLimited(run);
      fidelity(run);
    } else {
      compare(runs);
    }
  }

  // The page's own check, read by the browser test: errors seen and, per chart, what it drew.
  function status() {
    var out = { errors: window.reportErrors || [], renderMs: renderMs, charts: charts.map(function (c) {
      var drawn = 0;
      var empty = [];
      for (var i = 1; i <= c.series; i++) {
        if (c.drawn[i] && c.u.series[i]._paths) drawn++;
        if (!c.points[i - 1]) empty.push(c.u.series[i].label);
      }
      return { title: c.title, series: c.series, drawn: drawn, emptySeries: empty, canvasInked: inked(c.u) };
    }) };
    document.getElementById("report-status").textContent = JSON.stringify(out);
  }

  function inked(u) {
    var cv = u.ctx.canvas;
    var px = u.ctx.getImageData(0, 0, cv.width, cv.height).data;
    for (var i = 3; i < px.length; i += 4) if (px[i] !== 0) return true;
    return false;
  }

  var started = performance.now();
  var renderMs = null;
  try {
    report();
    renderMs = Math.round(performance.now() - started);
  } catch (e) {
    window.reportErrors.push("report: " + (e && e.stack || e));
    add(ROOT, "p", { "class": "bad", text: "The report could not be drawn completely: " + e });
  }
  setTimeout(status, 100);
})();
