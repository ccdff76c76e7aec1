"""Reads a Darwin Core Archive as a harvester does, with Python's standard library only.

The archive's own meta.xml says which file holds the core and each extension, how its text is
split (encoding, field and line terminators, quoting, header lines) and which term each column
is; this reader follows it, and fails on anything the Darwin Core text guide
(https://dwc.tdwg.org/text/) does not allow. It prints JSON on stdout: the files, the meta.xml
as read, each data file's header line and rows keyed by term URI, and the text of every file
(for searches in the whole archive).

Usage: python3 read-dwca.py ARCHIVE.zip
"""
import csv
import io
import json
import sys
import zipfile
import xml.etree.ElementTree as ET

TEXT = "{http://rs.tdwg.org/dwc/text/}"


def unescape(value):
    """meta.xml writes a tab as \\t and a newline as \\n."""
    return value.replace("\\t", "\t").replace("\\n", "\n").replace("\\r", "\r")


def read_table(archive, element, id_tag):
    location = element.find(f"{TEXT}files/{TEXT}location").text
    encoding = element.get("encoding", "UTF-8")
    delimiter = unescape(element.get("fieldsTerminatedBy", ","))
    lines = unescape(element.get("linesTerminatedBy", "\n"))
    quote = element.get("fieldsEnclosedBy", '"')
    skip = int(element.get("ignoreHeaderLines", "0"))
    id_index = int(element.find(f"{TEXT}{id_tag}").get("index"))
    fields = [
        {"index": int(f.get("index")), "term": f.get("term")}
        for f in element.findall(f"{TEXT}field")
    ]
    text = archive.read(location).decode(encoding)
    if lines not in ("\n", "\r\n"):
        raise ValueError(f"unexpected line terminator {lines!r}")
    reader = csv.reader(
        io.StringIO(text, newline=""),
        delimiter=delimiter,
        quoting=csv.QUOTE_NONE if quote == "" else csv.QUOTE_MINIMAL,
        strict=True,
        **({} if quote == "" else {"quotechar": quote}),
    )
    records = list(reader)
    header, records = records[:skip], records[skip:]
    width = max([f["index"] for f in fields] + [id_index]) + 1
    rows = []
    for record in records:
        if len(record) != width:
            raise ValueError(f"{location}: a row of {len(record)} fields, meta.xml declares {width}: {record!r}")
        row = {f["term"]: record[f["index"]] for f in fields}
        row["id"] = record[id_index]
        rows.append(row)
    return {
        "location": location,
        "rowType": element.get("rowType"),
        "encoding": encoding,
        "fieldsTerminatedBy": delimiter,
        "idIndex": id_index,
        "fields": fields,
        "header": header[0] if header else None,
        "rows": rows,
    }


def main(path):
    with zipfile.ZipFile(path) as archive:
        bad = archive.testzip()
        if bad is not None:
            raise ValueError(f"{bad} is damaged")
        meta = ET.fromstring(archive.read("meta.xml"))
        if meta.tag != f"{TEXT}archive":
            raise ValueError(f"meta.xml's root is {meta.tag}")
        core = read_table(archive, meta.find(f"{TEXT}core"), "id")
        extensions = [read_table(archive, e, "coreid") for e in meta.findall(f"{TEXT}extension")]
        eml = ET.fromstring(archive.read(meta.get("metadata")))
        dataset = eml.find("dataset")
        json.dump(
            {
                "files": archive.namelist(),
                "core": core,
                "extensions": extensions,
                "eml": {
                    "root": eml.tag,
                    "title": dataset.findtext("title"),
                    "publisher": dataset.findtext("publisher/organizationName"),
                    "contact": dataset.findtext("contact/organizationName"),
                    "contactEmail": dataset.findtext("contact/electronicMailAddress"),
                    "licence": dataset.find("intellectualRights/para/ulink").get("url"),
                },
                "text": "\n".join(archive.read(n).decode("utf-8") for n in archive.namelist()),
            },
            sys.stdout,
        )


main(sys.argv[1])
