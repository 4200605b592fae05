#!/usr/bin/env python3
"""Differential fuzzing of `riv-assets verify` against Rive's runtime (the oracle).

Mutates real .riv files by 1-3 bytes (seeded, so a run can be repeated), runs Rive's
runtime on each mutant in a child process with a timeout (a signal is a crash, a
timeout a hang), runs `riv-assets verify --json` on the same mutants, and prints:
mutants tried, verdict agreement (the runtime loads the file, or it refuses, crashes or hangs;
verify predicts "loads" when runtimeResult is success and runtimeCrash is false),
recall (mutants the runtime refuses, crashes or hangs on that verify flags with
any finding), the crashes and hangs verify recognises (runtimeCrash) by finding
code, and every disagreement. The same figures are also given for mutants of files
with embedded assets and of files without, and for each mutation target.

    Fuzz/differential.py --count 600 --seed 1 [--targeted 0.5] [--work DIR] [--tool PATH] [--shared DIR]

With --targeted F, a fraction F of the mutants change 1-3 bytes inside one object
of a part that real app files have more of than the corpus sample: an asset's
contents length, skins and tendons, draw rules, view models and data binds, text,
and the records that open the backboard and the first artboard.

The oracle's answers are cached in WORK/oracle.jsonl by mutant hash, so a rerun
after a change to verify costs only the verify run.
"""
import argparse, hashlib, json, os, random, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import rivmap

# Mutation target -> which objects it damages.
TARGETS = {
    "asset-contents": lambda schema, o: o.type_key == 106,
    "skin": lambda schema, o: any(schema.is_kind(o.type_key, n) for n in ("Skin", "Tendon", "Weight", "Bone")),
    "draw-rules": lambda schema, o: schema.name(o.type_key) in ("DrawRules", "DrawTarget"),
    "view-model": lambda schema, o: schema.name(o.type_key).startswith(("ViewModel", "DataBind", "DataConverter")),
    "text": lambda schema, o: schema.name(o.type_key).startswith("Text"),
    "artboard-start": lambda schema, o: schema.name(o.type_key) in ("Backboard", "Artboard"),
}


def corpus_files(shared):
    base = os.path.join(shared, "corpus")
    files = []
    for folder, _, names in os.walk(base):
        files += [os.path.join(folder, n) for n in names if n.endswith(".riv")]
    return sorted(files)


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data))
        value = rng.randrange(256)
        while value == data[at]:
            value = rng.randrange(256)
        data[at] = value
    return bytes(data)


def mutate_targeted(data, rng, schema, cache):
    """Damages one object of a random target the file has; None when it has none."""
    key = hashlib.sha256(data).hexdigest()
    if key not in cache:
        objects = rivmap.read_objects(data, schema)
        cache[key] = {name: [o for o in objects if match(schema, o)] for name, match in TARGETS.items()}
    present = sorted(name for name, objects in cache[key].items() if objects)
    if not present:
        return None, None
    target = rng.choice(present)
    victim = rng.choice(cache[key][target])
    if target == "asset-contents":
        lengths = [(value_at, end) for (_, k, value_at, end, field) in victim.properties if field == 1]
        spans = [(value_at, min(value_at + 3, end)) for value_at, end in lengths] or [(victim.offset, victim.end)]
    elif target == "artboard-start":
        spans = [(victim.offset, min(victim.offset + 2, victim.end))]
    else:
        spans = [(victim.offset, victim.end)]
    start, end = rng.choice(spans)
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(start, max(end, start + 1))
        value = rng.randrange(256)
        while value == data[at]:
            value = rng.randrange(256)
        data[at] = value
    return bytes(data), target


def run_oracle(oracle, path, timeout):
    try:
        done = subprocess.run([oracle, "list", path], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"verdict": "hang"}
    if done.returncode < 0:
        return {"verdict": "crash", "signal": -done.returncode}
    try:
        line = json.loads(done.stdout.decode().splitlines()[0])
        return {"verdict": line["runtimeResult"]}
    except (IndexError, ValueError, KeyError):
        return {"verdict": "crash", "status": done.returncode}


def score(mutants, predictions):
    """Agreement, recall, crash recognition and false crash alarms over `mutants`."""
    agree = refused = flagged = crashes = crashes_flagged = false_crashes = 0
    disagreements = []
    recognised_by = {}
    for path, entry, tag in mutants:
        truth = entry["verdict"]
        guess = predictions[path]
        runtime_loads = truth == "success"
        predicted_loads = guess["runtimeResult"] == "success" and not guess["runtimeCrash"]
        if truth in ("crash", "hang"):
            crashes += 1
            crashes_flagged += guess["runtimeCrash"]
            for code in {f["code"] for f in guess["findings"] if f["code"].startswith("crash-")}:
                recognised_by[code] = recognised_by.get(code, 0) + 1
        elif guess["runtimeCrash"]:
            false_crashes += 1
            if not runtime_loads:
                disagreements.append((path, entry, guess, tag))
        if runtime_loads == predicted_loads:
            agree += 1
        else:
            disagreements.append((path, entry, guess, tag))
        if not runtime_loads:
            refused += 1
            flagged += not guess["passed"]
    return {
        "verdictAgreement": round(agree / len(mutants), 4),
        "runtimeRefusedCrashedOrHung": refused,
        "recall": round(flagged / refused, 4) if refused else None,
        "crashesOrHangs": crashes, "crashesRecognised": crashes_flagged,
        "crashRecognition": round(crashes_flagged / crashes, 4) if crashes else None,
        "recognisedBy": recognised_by, "crashPredictedButLoadedOrRefused": false_crashes,
        "falseCrashRate": round(false_crashes / len(mutants), 4),
        "runtimeVerdicts": {v: sum(1 for _, e, _ in mutants if e["verdict"] == v) for v in sorted({e["verdict"] for _, e, _ in mutants})},
    }, disagreements


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", default=os.path.join(HERE, "work", "differential"))
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(ROOT), "shared"))
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build", "debug", "riv-assets"))
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--targeted", type=float, default=0, help="the fraction of mutants aimed at one object of a target part")
    parser.add_argument("--oracle-only", action="store_true", help="collect the runtime's verdicts, skip verify")
    args = parser.parse_args()

    oracle = os.path.join(args.shared, "tools", "rive-runtime-oracle", "riv_oracle")
    sources = corpus_files(args.shared)
    mutants_dir = os.path.join(args.work, "mutants")
    os.makedirs(mutants_dir, exist_ok=True)
    cache_path = os.path.join(args.work, "oracle.jsonl")
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as lines:
            for line in lines:
                entry = json.loads(line)
                cache[entry["hash"]] = entry

    rng = random.Random(args.seed)
    schema = rivmap.Schema(args.shared)
    maps = {}
    embedded = set()
    with open(os.path.join(args.shared, "corpus", "expected.jsonl")) as lines:
        for line in lines:
            entry = json.loads(line)
            if any(asset.get("embeddedBytes", 0) > 0 for asset in entry["assets"]):
                embedded.add(entry["path"])
    mutants = []
    with open(cache_path, "a") as cache_file:
        for index in range(args.count):
            source = rng.choice(sources)
            with open(source, "rb") as f:
                original = f.read()
            data, target = None, "random"
            if rng.random() < args.targeted:
                data, target = mutate_targeted(original, rng, schema, maps)
            if data is None:
                data, target = mutate(original, rng), "random"
            digest = hashlib.sha256(data).hexdigest()[:16]
            path = os.path.join(mutants_dir, digest + ".riv")
            if not os.path.exists(path):
                with open(path, "wb") as f:
                    f.write(data)
            if digest not in cache:
                entry = dict(run_oracle(oracle, path, args.timeout), hash=digest,
                             source=os.path.relpath(source, args.shared))
                cache[digest] = entry
                cache_file.write(json.dumps(entry) + "\n")
                cache_file.flush()
            group = "embedded" if os.path.relpath(source, os.path.join(args.shared, "corpus")) in embedded else "no-embedded"
            mutants.append((path, cache[digest], (group, target)))
            if (index + 1) % 100 == 0:
                print(f"oracle: {index + 1}/{args.count}", file=sys.stderr)
    if args.oracle_only:
        counts = {}
        for _, entry, _ in mutants:
            counts[entry["verdict"]] = counts.get(entry["verdict"], 0) + 1
        print(json.dumps(counts))
        return 0

    predictions = {}
    batch = 50
    for start in range(0, len(mutants), batch):
        paths = [m[0] for m in mutants[start:start + batch]]
        done = subprocess.run([args.tool, "verify", "--json"] + paths, capture_output=True)
        result = json.loads(done.stdout)
        for file in result["files"]:
            predictions[file["input"]] = file

    overall, disagreements = score(mutants, predictions)
    print(json.dumps(dict(mutants=len(mutants), seed=args.seed, targeted=args.targeted, **overall)))
    for label, pick in (("embedded", lambda tag: tag[0] == "embedded"), ("no-embedded", lambda tag: tag[0] == "no-embedded")) + tuple(
            (name, (lambda name: lambda tag: tag[1] == name)(name)) for name in ["random"] + sorted(TARGETS)):
        subset = [m for m in mutants if pick(m[2])]
        if subset:
            print(json.dumps(dict(group=label, mutants=len(subset), **score(subset, predictions)[0])))
    for path, entry, guess, tag in disagreements:
        codes = sorted({f["code"] for f in guess["findings"]})
        kind = "false crash" if guess["runtimeCrash"] and entry["verdict"] not in ("crash", "hang") else "disagree"
        print(f"{kind}: {os.path.basename(path)} from {entry['source']} ({tag[1]}): runtime {entry['verdict']}, "
              f"predicted {guess['runtimeResult']} crash={guess['runtimeCrash']} {codes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
