#!/usr/bin/env python3
"""The plain-Python import floor of docs/benchmarks.md: json.load of each pack, executemany of its
questions and options into certdrill's tables, one transaction for the batch. No validation, no
positions, no hashes. Run by certdrill_scale_bench: import_floor.py DB PACK..."""
import json
import sqlite3
import sys


def main(db_path, files):
    db = sqlite3.connect(db_path, isolation_level=None)
    domains = {(e, d): (er, dr) for e, d, er, dr in db.execute(
        "SELECT e.exam_id, d.domain_id, e.id, d.id FROM domains d JOIN exams e ON e.id = d.exam_ref")}
    subtopics = {(d, s): r for d, s, r in db.execute("SELECT domain_ref, subtopic_id, id FROM subtopics")}
    objectives = {(d, o): r for d, o, r in db.execute("SELECT domain_ref, objective_id, id FROM objectives")}
    db.execute("BEGIN IMMEDIATE")
    next_row = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM questions").fetchone()[0]
    for path in files:
        with open(path, encoding="utf-8") as f:
            pack = json.load(f)
        info = pack["pack"]
        cur = db.execute(
            "INSERT INTO packs (pack_id, title, version, authors, license, source_path, sha256, imported_at) "
            "VALUES (?, ?, ?, ?, ?, ?, '', 0)",
            (info["id"], info["title"], info["version"], json.dumps(info["authors"]), info["license"], path))
        pack_ref = cur.lastrowid
        questions, options = [], []
        for q in pack["questions"]:
            exam_ref, domain_ref = domains[(q["exam"], q["domain"])]
            row = next_row
            next_row += 1
            questions.append((row, pack_ref, q["id"], exam_ref, domain_ref,
                              subtopics.get((domain_ref, q.get("subtopic"))), q["stem"], q["select"],
                              q.get("explanation", ""), q.get("difficulty", 0), json.dumps(q.get("tags", [])),
                              json.dumps(q.get("references", [])), 1 if q.get("shuffle", True) else 0,
                              objectives.get((domain_ref, q.get("objective")))))
            for i, o in enumerate(q["options"]):
                options.append((row, i, o["text"], 1 if o["correct"] else 0, o.get("why", "")))
        db.executemany(
            "INSERT INTO questions (id, pack_ref, question_id, exam_ref, domain_ref, subtopic_ref, stem, "
            "select_count, explanation, difficulty, tags, refs, shuffle, content_hash, retired, created_at, "
            "updated_at, objective_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', 0, 0, 0, ?)",
            questions)
        db.executemany("INSERT INTO options (question_ref, position, text, correct, why) VALUES (?, ?, ?, ?, ?)",
                       options)
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
