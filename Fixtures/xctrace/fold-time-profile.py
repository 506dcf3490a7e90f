#!/usr/bin/env python3
"""Folds the samples of xctrace `time-profile` exports without tracecli, for its tests.

    python3 Fixtures/xctrace/fold-time-profile.py EXPORT.xml...

Written once, apart from tracecli's reader, to compute the figures XCTraceSamplesTests
hard-codes for the real exports in ../shared/realdata (read in place, never copied here).

Per table: every `id` is resolved over the whole document (a `ref` may reach back to any
earlier row); a row is a sample when its `thread-state` is `Running` or absent; its stack is the
`<frame>`s of the `<backtrace>` in its stack cell (directly, or inside a `<tagged-backtrace>`),
leaf first; a `<sentinel/>` is an empty stack. Printed: the samples and skipped rows, the summed
weight (ns), the functions (distinct frame name and binary name), those of the app (binary named
as the process, or under `/<process>.app/`), the weight per thread `fmt`, and the stacks folded
root first with `;` (an empty one as `(no frames)`), weight summed per distinct stack, with an
FNV-1a 64 digest of the sorted `stack<TAB>weight` lines joined by newlines (UTF-8).
"""
import sys
import xml.etree.ElementTree as ET


def fnv1a(data):
    digest = 0xCBF29CE484222325
    for byte in data:
        digest ^= byte
        digest = (digest * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return digest


def fold(path):
    root = ET.parse(path).getroot()
    ids = {element.attrib["id"]: element for element in root.iter() if "id" in element.attrib}

    def resolve(element):
        return ids[element.attrib["ref"]] if "ref" in element.attrib else element

    for node in root.iter("node"):
        schema = node.find("schema")
        columns = [column.findtext("mnemonic") for column in schema.findall("col")]
        print("table", schema.get("name"))
        kept = skipped = weight = 0
        folded, threads, functions, processes = {}, {}, set(), set()
        for row in node.findall("row"):
            cells = dict(zip(columns, [resolve(cell) for cell in row]))
            state = cells.get("thread-state")
            if state is not None and state.tag != "sentinel" and (state.text or "") != "Running":
                skipped += 1
                continue
            kept += 1
            sample_weight = int(cells["weight"].text)
            weight += sample_weight
            thread = cells["thread"].get("fmt")
            threads[thread] = threads.get(thread, 0) + sample_weight
            processes.add(cells["process"].get("fmt").rsplit(" (", 1)[0])
            backtrace = None
            for element in cells["stack"].iter():
                if element.tag == "backtrace":
                    backtrace = resolve(element)
                    break
            names = []
            for frame in backtrace.findall("frame") if backtrace is not None else []:
                frame = resolve(frame)
                binary = frame.find("binary")
                binary = resolve(binary) if binary is not None else None
                functions.add((
                    frame.get("name"),
                    binary.get("name") if binary is not None else None,
                    binary.get("path") if binary is not None else None,
                ))
                names.append(frame.get("name"))
            key = ";".join(reversed(names)) if names else "(no frames)"
            folded[key] = folded.get(key, 0) + sample_weight
        app = sorted(processes)[0] if len(processes) == 1 else None
        user = {
            (name, binary)
            for name, binary, path in functions
            if app and (binary == app or (path and f"/{app}.app/" in path))
        }
        print("samples", kept, "skipped", skipped, "weight", weight)
        print("functions", len({(name, binary) for name, binary, _ in functions}), "user", len(user))
        for thread, thread_weight in sorted(threads.items()):
            print("thread", repr(thread), thread_weight)
        lines = sorted(f"{stack}\t{stack_weight}" for stack, stack_weight in folded.items())
        print("stacks", len(folded), "digest 0x%016x" % fnv1a("\n".join(lines).encode("utf-8")))
        for line in lines if len(lines) <= 10 else []:
            print("stack", repr(line))


for argument in sys.argv[1:]:
    print("==", argument)
    fold(argument)
