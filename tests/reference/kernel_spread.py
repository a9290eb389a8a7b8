#!/usr/bin/env python3
"""How far the kernel's own runs spread, case by case, and where Meridian stands among them.

Reads the kernel's runs of every case of results/linux.csv (reference `linux`) and Meridian's
figure for the case from results/meridian.csv (written by a full compare.py run), and prints,
for the cases whose id matches --only (a regular expression), one line per case:

* the kernel's runs n, their mean, coefficient of variation (CV = sd / mean), the standard
  error of the mean (sd / √n, in % of the mean) and the fastest and slowest run;
* Meridian's time (the mean of its seeds where the case has random loss), its error against
  the kernel's mean, the same in the kernel's run-to-run standard deviations (z), and how many
  of the kernel's runs were faster than Meridian (0 of n: Meridian is below the fastest run);
* the second reference, ns-3 with Linux's rules on the same case (the mean of its runs in
  linux.csv, one sender host), against the kernel's mean and against Meridian.

Then, per flow count and congestion control, the medians of those figures and how many cases
pass each of three measures: within 15 % of the kernel's mean (issue 35's target); within
15 % or within two standard errors of the mean (as far as the mean is known); between the
kernel's fastest and slowest run (one plausible run of the kernel); and how many of the cases
with an ns-3 row are within 15 % for ns-3.

    python3 tests/reference/kernel_spread.py                        # every loss-free case
    python3 tests/reference/kernel_spread.py --only 'r40-rtt20-loss0-q0.05bdp'
    python3 tests/reference/kernel_spread.py --lossy                # the cases with loss too

Writes nothing; needs no meridian-cli (docs/validation.md §3.2 quotes its output).
"""

import argparse
import math
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (results paths, the kernel's cases, meridian.csv)

TARGET_PCT = 15.0


def case_figures(case, kernel_s, meridian_s, ns3_s):
    """The per-case figures as a dict (times in seconds, the rest in %)."""
    n, mean = len(kernel_s), statistics.mean(kernel_s)
    sd = statistics.stdev(kernel_s) if n > 1 else 0.0
    err = 100.0 * (meridian_s / mean - 1.0)
    se = 100.0 * sd / math.sqrt(n) / mean
    lo, hi = min(kernel_s), max(kernel_s)
    return {
        "case": case, "n": n, "mean_s": mean, "cv_pct": 100.0 * sd / mean, "se_pct": se,
        "min_s": lo, "max_s": hi, "meridian_s": meridian_s, "error_pct": err,
        "z": (meridian_s - mean) / sd if sd > 0 else None,
        "faster_runs": sum(1 for t in kernel_s if t < meridian_s),
        "within_target": abs(err) <= TARGET_PCT,
        "within_se": abs(err) <= TARGET_PCT or abs(err) <= 2.0 * se,
        "within_range": lo <= meridian_s <= hi,
        "ns3_s": statistics.mean(ns3_s) if ns3_s else None,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="", help="regular expression on the case id")
    ap.add_argument("--lossy", action="store_true", help="the cases with random loss too")
    ap.add_argument("--meridian", default=compare.MERIDIAN_CSV,
                    help="Meridian's figures (default results/meridian.csv)")
    ap.add_argument("--quiet", action="store_true", help="the summary only")
    args = ap.parse_args()
    recorded = compare.meridian_csv_rows(args.meridian)
    rows = []
    for c, kernel_s, ns3_s, _ in compare.real_linux_cases(compare.REAL_LINUX):
        if (compare.lossy(c) and not args.lossy) or not re.search(args.only, c["case"]):
            continue
        rec = recorded.get((c["case"], c["group"]))
        if rec is None or not rec.get("meridian_mean_s"):
            sys.stderr.write("%s: no Meridian figure in %s\n" % (c["case"], args.meridian))
            continue
        r = case_figures(c["case"], kernel_s, float(rec["meridian_mean_s"]), ns3_s)
        r.update(flows=int(c["flows"]), cc=c["cc"])
        rows.append(r)
    if not rows:
        raise SystemExit("no kernel case matches %r" % args.only)
    if not args.quiet:
        print("| case | kernel runs | mean (s) | CV | s.e. | fastest–slowest (s) | Meridian (s) "
              "| error | z | kernel runs faster | ns-3, Linux's rules (s) | ns-3 error "
              "| Meridian against ns-3 |")
        print("|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            ns3 = r["ns3_s"]
            print("| %s | %d | %.3f | %.1f %% | %.1f %% | %.3f–%.3f | %.3f | %+.1f %% | %s "
                  "| %d of %d | %s | %s | %s |"
                  % (r["case"], r["n"], r["mean_s"], r["cv_pct"], r["se_pct"], r["min_s"],
                     r["max_s"], r["meridian_s"], r["error_pct"],
                     "—" if r["z"] is None else "%+.1f" % r["z"], r["faster_runs"], r["n"],
                     "—" if ns3 is None else "%.3f" % ns3,
                     "—" if ns3 is None else "%+.1f %%" % compare.pct(ns3, r["mean_s"]),
                     "—" if ns3 is None else "%+.1f %%" % compare.pct(r["meridian_s"], ns3)))
        print()
    print("| flows, cc | cases | kernel runs (median) | kernel CV median / max | s.e. (median) "
          "| Meridian \\|error\\| median | within 15 % of the mean | within 15 % or 2 s.e. "
          "| between the kernel's fastest and slowest run | ns-3 (Linux's rules) within 15 % |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    groups = sorted({(r["flows"], r["cc"]) for r in rows}) + [("all", "")]
    for flows, cc in groups:
        sel = [r for r in rows if flows == "all" or (r["flows"], r["cc"]) == (flows, cc)]
        ns3 = [r for r in sel if r["ns3_s"] is not None]
        print("| %s | %d | %g | %.1f %% / %.1f %% | %.1f %% | %.1f %% | %d | %d | %d "
              "| %d of %d |" % (
            "**all**" if flows == "all" else "%d %s" % (flows, cc), len(sel),
            statistics.median(r["n"] for r in sel),
            statistics.median(r["cv_pct"] for r in sel), max(r["cv_pct"] for r in sel),
            statistics.median(r["se_pct"] for r in sel),
            statistics.median(abs(r["error_pct"]) for r in sel),
            sum(r["within_target"] for r in sel), sum(r["within_se"] for r in sel),
            sum(r["within_range"] for r in sel),
            sum(abs(r["ns3_s"] / r["mean_s"] - 1.0) <= TARGET_PCT / 100.0 for r in ns3),
            len(ns3)))


if __name__ == "__main__":
    main()
