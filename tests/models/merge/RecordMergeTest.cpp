// Tests for Errata::RecordMerge: the three-way merge of a record's document,
// field by field (objects key by key, OURS's key order), list item by list
// item (dead ends, workarounds and links matched by identity; other scalar
// lists as sets; other arrays whole), conflicts with their pointers, and
// resolutions.

#include "models/merge/RecordMerge.h"

#include <QTest>

using namespace Errata;

namespace {

using Side = RecordMerge::Side;

OrderedJson json(const char *text)
{
    return OrderedJson::parse(text);
}

RecordMerge::Outcome merged(const OrderedJson &base, const OrderedJson &ours, const OrderedJson &theirs)
{
    return RecordMerge(&base, ours, theirs).outcome();
}

// The document as compact text, for readable failures.
QString text(const OrderedJson &document)
{
    return QString::fromStdString(document.dump());
}

QStringList pointers(const QList<RecordMerge::Conflict> &conflicts)
{
    QStringList list;
    for (const RecordMerge::Conflict &conflict : conflicts)
        list << conflict.pointer;
    return list;
}

// A record with two dead ends and three workarounds, as curators edit them.
OrderedJson baseRecord()
{
    return json(R"({
        "id": "pytorch/nan-loss",
        "signature": "Loss is NaN",
        "regex": "Loss is NaN",
        "domain": "pytorch",
        "category": "numerics",
        "root_cause": "Exploding gradients.",
        "dead_ends": [
            {"action": "Use float64", "why_fails": "Delays the NaN.", "fail_rate": 0.65},
            {"action": "Restart training", "why_fails": "Deterministic.", "fail_rate": 0.95}
        ],
        "workarounds": [
            {"action": "Clip gradients", "success_rate": 0.85, "how": "clip_grad_norm_"},
            {"action": "Lower the learning rate", "success_rate": 0.75, "how": "lr=1e-4"},
            {"action": "Clamp the logits", "success_rate": 0.8, "how": "torch.clamp"}
        ],
        "transition_graph": {
            "leads_to": [{"error_id": "pytorch/cuda-oom", "probability": 0.2}],
            "preceded_by": ["pytorch/bad-init"],
            "frequently_confused_with": []
        },
        "confidence": 0.9,
        "tags": ["nan", "training"]
    })");
}

} // namespace

class RecordMergeTest : public QObject
{
    Q_OBJECT

private slots:
    void differentFieldsMergeCleanly();
    void sameFieldChangedDifferentlyConflicts();
    void sameChangeOnBothSidesIsClean();
    void deletedAndUnchangedIsDeleted();
    void deletedAndChangedConflicts();
    void deletedOnBothSides();
    void keyOrderIsOursWithTheirsKeysAfterTheirPredecessor();
    void theirsKeyWithoutPredecessorGoesAtTheEnd();
    void nestedObjectsMergeKeyByKey();
    void listItemsAddedOnBothSides();
    void listItemRemovedOnOneSide();
    void listItemRemovedAndEditedConflicts();
    void itemEditedOnOneSideAndMovedOnTheOther();
    void fieldsOfOneItemEditedOnBothSides();
    void itemFieldChangedDifferentlyConflictsAtItsPointer();
    void identityEditedOnOneSide();
    void identityEditedDifferentlyOnBothSides();
    void sameItemAddedOnBothSides();
    void linksMatchedByTarget();
    void repeatedLinksMatchedInOrder();
    void tagsMergeAsSets();
    void arraysOfObjectsAreWholeValues();
    void addAddWithoutBase();
    void resolutionsChooseEachConflict();
    void resolutionRemovingAnItemShiftsLaterPointers();
    void pointersEscapeKeys();
};

void RecordMergeTest::differentFieldsMergeCleanly()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["root_cause"] = "Exploding gradients or log(0).";
    OrderedJson theirs = base;
    theirs["confidence"] = 0.7;

    const RecordMerge merge(&base, ours, theirs);
    QVERIFY(merge.isClean());
    const OrderedJson document = merge.outcome().document;
    QCOMPARE(text(document["root_cause"]), text(ours["root_cause"]));
    QCOMPARE(text(document["confidence"]), text(OrderedJson(0.7)));
    OrderedJson expected = ours;
    expected["confidence"] = 0.7;
    QCOMPARE(text(document), text(expected));
}

void RecordMergeTest::sameFieldChangedDifferentlyConflicts()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["root_cause"] = "A";
    ours["confidence"] = 0.5; // one side only: taken
    OrderedJson theirs = base;
    theirs["root_cause"] = "B";

    const RecordMerge merge(&base, ours, theirs);
    QCOMPARE(merge.conflicts().size(), 1);
    const RecordMerge::Conflict conflict = merge.conflicts().first();
    QCOMPARE(conflict.pointer, QStringLiteral("/root_cause"));
    QCOMPARE(text(conflict.base), text(OrderedJson("Exploding gradients.")));
    QCOMPARE(text(conflict.ours), text(OrderedJson("A")));
    QCOMPARE(text(conflict.theirs), text(OrderedJson("B")));
    QVERIFY(!conflict.baseMissing && !conflict.oursMissing && !conflict.theirsMissing);
    const OrderedJson document = merge.outcome().document;
    QCOMPARE(text(document["root_cause"]), text(OrderedJson("A"))); // OURS until resolved
    QCOMPARE(text(document["confidence"]), text(OrderedJson(0.5)));
}

void RecordMergeTest::sameChangeOnBothSidesIsClean()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["root_cause"] = "Same words.";
    ours["workarounds"][1]["success_rate"] = 0.6;
    OrderedJson theirs = ours;

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY2(outcome.conflicts.isEmpty(), qPrintable(pointers(outcome.conflicts).join(QLatin1Char(' '))));
    QCOMPARE(text(outcome.document), text(ours));
}

void RecordMergeTest::deletedAndUnchangedIsDeleted()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours.erase("root_cause");
    OrderedJson theirs = base;
    theirs.erase("tags");
    theirs["confidence"] = 0.8;

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    QVERIFY(!outcome.document.contains("root_cause"));
    QVERIFY(!outcome.document.contains("tags"));
    QCOMPARE(text(outcome.document["confidence"]), text(OrderedJson(0.8)));
}

void RecordMergeTest::deletedAndChangedConflicts()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours.erase("root_cause");
    ours["confidence"] = 0.4;
    OrderedJson theirs = base;
    theirs["root_cause"] = "Rewritten.";
    theirs.erase("confidence");

    const RecordMerge merge(&base, ours, theirs);
    // In the order the merge meets them: OURS's members, then those only THEIRS has.
    QCOMPARE(pointers(merge.conflicts()), QStringList({QStringLiteral("/confidence"), QStringLiteral("/root_cause")}));
    const RecordMerge::Conflict deletedByTheirs = merge.conflicts().at(0);
    QVERIFY(deletedByTheirs.theirsMissing);
    QVERIFY(!deletedByTheirs.oursMissing);
    QCOMPARE(text(deletedByTheirs.ours), text(OrderedJson(0.4)));
    QCOMPARE(text(deletedByTheirs.base), text(OrderedJson(0.9)));
    const RecordMerge::Conflict deletedByOurs = merge.conflicts().at(1);
    QVERIFY(deletedByOurs.oursMissing);
    QVERIFY(!deletedByOurs.theirsMissing);
    QCOMPARE(text(deletedByOurs.theirs), text(OrderedJson("Rewritten.")));
    const OrderedJson document = merge.outcome().document;
    QVERIFY(!document.contains("root_cause")); // OURS: deleted
    QCOMPARE(text(document["confidence"]), text(OrderedJson(0.4)));
}

void RecordMergeTest::deletedOnBothSides()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours.erase("root_cause");
    OrderedJson theirs = ours;
    theirs["confidence"] = 0.1;

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    QVERIFY(!outcome.document.contains("root_cause"));
}

void RecordMergeTest::keyOrderIsOursWithTheirsKeysAfterTheirPredecessor()
{
    const OrderedJson base = json(R"({"id": "a/b", "signature": "S", "regex": "R", "confidence": 0.5})");
    // OURS moves confidence first and adds error_code at the end.
    const OrderedJson ours = json(R"({"confidence": 0.5, "id": "a/b", "signature": "S", "regex": "R",
                                     "error_code": "E1"})");
    // THEIRS adds signature_zh after signature and x_note and locale after regex.
    const OrderedJson theirs = json(R"({"id": "a/b", "signature": "S", "signature_zh": "S zh", "regex": "R",
                                       "x_note": "n", "locale": "en", "confidence": 0.5})");

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    QCOMPARE(text(outcome.document),
             QStringLiteral(R"({"confidence":0.5,"id":"a/b","signature":"S","signature_zh":"S zh","regex":"R",)"
                            R"("x_note":"n","locale":"en","error_code":"E1"})"));
}

void RecordMergeTest::theirsKeyWithoutPredecessorGoesAtTheEnd()
{
    const OrderedJson base = json(R"({"id": "a/b", "regex": "R"})");
    const OrderedJson ours = json(R"({"id": "a/b", "regex": "R2"})");
    // THEIRS adds a key first; the key before it in THEIRS is none.
    const OrderedJson theirs = json(R"({"x_first": 1, "id": "a/b", "regex": "R"})");

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    QCOMPARE(text(outcome.document), QStringLiteral(R"({"id":"a/b","regex":"R2","x_first":1})"));
}

void RecordMergeTest::nestedObjectsMergeKeyByKey()
{
    const OrderedJson base = json(R"({"os_specific": {"linux": "L"}, "transition_graph": {"leads_to": []}})");
    const OrderedJson ours = json(R"({"os_specific": {"linux": "L2", "macos": "M"},
                                     "transition_graph": {"leads_to": [], "preceded_by": ["x/y"]}})");
    const OrderedJson theirs = json(R"({"os_specific": {"linux": "L", "windows": "W"},
                                       "transition_graph": {"leads_to": [{"error_id": "z/w"}]}})");

    // windows follows linux, the key before it in THEIRS.
    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    QCOMPARE(text(outcome.document),
             QStringLiteral(R"({"os_specific":{"linux":"L2","windows":"W","macos":"M"},)"
                            R"("transition_graph":{"leads_to":[{"error_id":"z/w"}],"preceded_by":["x/y"]}})"));
}

void RecordMergeTest::listItemsAddedOnBothSides()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["dead_ends"].push_back(json(R"({"action": "Lower the batch size", "why_fails": "No.", "fail_rate": 0.9})"));
    OrderedJson theirs = base;
    theirs["dead_ends"].insert(theirs["dead_ends"].begin(),
                               json(R"({"action": "Reinstall torch", "why_fails": "No.", "fail_rate": 0.99})"));
    theirs["workarounds"].push_back(json(R"({"action": "Scale the loss", "success_rate": 0.5})"));

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    QStringList actions;
    for (const OrderedJson &deadEnd : outcome.document["dead_ends"])
        actions << QString::fromStdString(deadEnd["action"].get<std::string>());
    QCOMPARE(actions,
             QStringList({QStringLiteral("Use float64"), QStringLiteral("Restart training"),
                          QStringLiteral("Lower the batch size"), QStringLiteral("Reinstall torch")}));
    QCOMPARE(outcome.document["workarounds"].size(), size_t(4));
    QCOMPARE(text(outcome.document["workarounds"][3]["action"]), text(OrderedJson("Scale the loss")));
}

void RecordMergeTest::listItemRemovedOnOneSide()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["workarounds"].erase(1); // "Lower the learning rate"
    OrderedJson theirs = base;
    theirs["workarounds"][2]["success_rate"] = 0.9; // another item
    theirs["dead_ends"].erase(0);

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    const OrderedJson &workarounds = outcome.document["workarounds"];
    QCOMPARE(workarounds.size(), size_t(2));
    QCOMPARE(text(workarounds[0]["action"]), text(OrderedJson("Clip gradients")));
    QCOMPARE(text(workarounds[1]["action"]), text(OrderedJson("Clamp the logits")));
    QCOMPARE(text(workarounds[1]["success_rate"]), text(OrderedJson(0.9)));
    QCOMPARE(outcome.document["dead_ends"].size(), size_t(1));
    QCOMPARE(text(outcome.document["dead_ends"][0]["action"]), text(OrderedJson("Restart training")));
}

void RecordMergeTest::listItemRemovedAndEditedConflicts()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["workarounds"].erase(1);
    OrderedJson theirs = base;
    theirs["workarounds"][1]["how"] = "optimizer = Adam(lr=1e-4)";

    RecordMerge merge(&base, ours, theirs);
    QCOMPARE(merge.conflicts().size(), 1);
    const RecordMerge::Conflict conflict = merge.conflicts().first();
    QCOMPARE(conflict.pointer, QStringLiteral("/workarounds/1")); // where it stood, and would stand
    QVERIFY(conflict.oursMissing);
    QCOMPARE(text(conflict.theirs), text(theirs["workarounds"][1]));
    QCOMPARE(text(conflict.base), text(base["workarounds"][1]));
    QCOMPARE(merge.outcome().document["workarounds"].size(), size_t(2));

    merge.resolve(0, {Side::Theirs, std::nullopt});
    const OrderedJson kept = merge.outcome().document["workarounds"];
    QCOMPARE(kept.size(), size_t(3));
    QCOMPARE(text(kept[1]), text(theirs["workarounds"][1])); // back at its base place
}

void RecordMergeTest::itemEditedOnOneSideAndMovedOnTheOther()
{
    const OrderedJson base = baseRecord();
    OrderedJson edited = base;
    edited["workarounds"][2]["success_rate"] = 0.95;
    OrderedJson moved = base;
    moved["workarounds"] = OrderedJson::array({base["workarounds"][2], base["workarounds"][0], base["workarounds"][1]});
    OrderedJson expected = moved;
    expected["workarounds"][0]["success_rate"] = 0.95;

    // Either way round: the move and the edit both survive.
    const RecordMerge::Outcome oursEdited = merged(base, edited, moved);
    QVERIFY(oursEdited.conflicts.isEmpty());
    QCOMPARE(text(oursEdited.document["workarounds"]), text(expected["workarounds"]));
    const RecordMerge::Outcome oursMoved = merged(base, moved, edited);
    QVERIFY(oursMoved.conflicts.isEmpty());
    QCOMPARE(text(oursMoved.document["workarounds"]), text(expected["workarounds"]));

    // Both moved, differently: OURS's order, no conflict.
    OrderedJson movedAgain = edited;
    movedAgain["workarounds"] = OrderedJson::array(
        {edited["workarounds"][1], edited["workarounds"][2], edited["workarounds"][0]});
    const RecordMerge::Outcome bothMoved = merged(base, movedAgain, moved);
    QVERIFY(bothMoved.conflicts.isEmpty());
    QCOMPARE(text(bothMoved.document["workarounds"]), text(movedAgain["workarounds"]));
}

void RecordMergeTest::fieldsOfOneItemEditedOnBothSides()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["workarounds"][0]["success_rate"] = 0.9;
    OrderedJson theirs = base;
    theirs["workarounds"][0]["how"] = "clip_grad_norm_ with max_norm=1.0";
    theirs["workarounds"][0]["tradeoff"] = "Slower convergence.";

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    QCOMPARE(text(outcome.document["workarounds"][0]),
             QStringLiteral(R"({"action":"Clip gradients","success_rate":0.9,)"
                            R"("how":"clip_grad_norm_ with max_norm=1.0","tradeoff":"Slower convergence."})"));
}

void RecordMergeTest::itemFieldChangedDifferentlyConflictsAtItsPointer()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["workarounds"][2]["success_rate"] = 0.7;
    OrderedJson theirs = base;
    theirs["workarounds"][2]["success_rate"] = 0.6;
    theirs["workarounds"].erase(0); // the item moves up in the result

    const RecordMerge merge(&base, ours, theirs);
    QCOMPARE(pointers(merge.conflicts()), QStringList({QStringLiteral("/workarounds/1/success_rate")}));
    QCOMPARE(text(merge.outcome().document["workarounds"][1]["success_rate"]), text(OrderedJson(0.7)));
}

void RecordMergeTest::identityEditedOnOneSide()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["workarounds"][1]["action"] = "Lower the learning rate tenfold";
    OrderedJson theirs = base;
    theirs["workarounds"][1]["success_rate"] = 0.7;
    theirs["workarounds"].push_back(json(R"({"action": "Scale the loss", "success_rate": 0.5})"));

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    const OrderedJson &workarounds = outcome.document["workarounds"];
    QCOMPARE(workarounds.size(), size_t(4));
    QCOMPARE(text(workarounds[1]["action"]), text(OrderedJson("Lower the learning rate tenfold")));
    QCOMPARE(text(workarounds[1]["success_rate"]), text(OrderedJson(0.7)));
    QCOMPARE(text(workarounds[3]["action"]), text(OrderedJson("Scale the loss")));

    // The same from the other side.
    const RecordMerge::Outcome swapped = merged(base, theirs, ours);
    QVERIFY(swapped.conflicts.isEmpty());
    QCOMPARE(text(swapped.document["workarounds"][1]["action"]), text(OrderedJson("Lower the learning rate tenfold")));
    QCOMPARE(text(swapped.document["workarounds"][1]["success_rate"]), text(OrderedJson(0.7)));
}

void RecordMergeTest::identityEditedDifferentlyOnBothSides()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["dead_ends"][0]["action"] = "Use float64 everywhere";
    OrderedJson theirs = base;
    theirs["dead_ends"][0]["action"] = "Switch to double precision";

    const RecordMerge merge(&base, ours, theirs);
    QCOMPARE(pointers(merge.conflicts()), QStringList({QStringLiteral("/dead_ends/0/action")}));
    QCOMPARE(merge.outcome().document["dead_ends"].size(), size_t(2));
}

void RecordMergeTest::sameItemAddedOnBothSides()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["dead_ends"].push_back(json(R"({"action": "Reinstall torch", "why_fails": "Not the install.",
                                         "fail_rate": 0.99})"));
    OrderedJson theirs = base;
    theirs["dead_ends"].push_back(json(R"({"action": "Reinstall torch", "why_fails": "Not the install.",
                                           "fail_rate": 0.9, "sources": ["https://example.org/a"]})"));

    const RecordMerge merge(&base, ours, theirs);
    QCOMPARE(pointers(merge.conflicts()), QStringList({QStringLiteral("/dead_ends/2/fail_rate")}));
    const RecordMerge::Conflict conflict = merge.conflicts().first();
    QVERIFY(conflict.baseMissing);
    QCOMPARE(text(conflict.ours), text(OrderedJson(0.99)));
    QCOMPARE(text(conflict.theirs), text(OrderedJson(0.9)));
    const OrderedJson document = merge.outcome().document;
    QCOMPARE(document["dead_ends"].size(), size_t(3));
    QCOMPARE(text(document["dead_ends"][2]["sources"]), text(theirs["dead_ends"][2]["sources"]));
}

void RecordMergeTest::linksMatchedByTarget()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    // Converted to an object, and a link added.
    ours["transition_graph"]["preceded_by"] = json(R"([{"error_id": "pytorch/bad-init"}, "pytorch/fp16"])");
    ours["transition_graph"]["leads_to"][0]["probability"] = 0.3;
    OrderedJson theirs = base;
    theirs["transition_graph"]["preceded_by"] = json(R"(["pytorch/bad-init", "pytorch/data-outliers"])");
    theirs["transition_graph"]["leads_to"][0]["typical_delay"] = "minutes";
    theirs["transition_graph"]["leads_to"].push_back(json(R"({"error_id": "pytorch/checkpoint-nan"})"));

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY2(outcome.conflicts.isEmpty(), qPrintable(pointers(outcome.conflicts).join(QLatin1Char(' '))));
    QCOMPARE(text(outcome.document["transition_graph"]),
             QStringLiteral(R"({"leads_to":[{"error_id":"pytorch/cuda-oom","probability":0.3,)"
                            R"("typical_delay":"minutes"},{"error_id":"pytorch/checkpoint-nan"}],)"
                            R"("preceded_by":[{"error_id":"pytorch/bad-init"},"pytorch/fp16",)"
                            R"("pytorch/data-outliers"],"frequently_confused_with":[]})"));
}

void RecordMergeTest::repeatedLinksMatchedInOrder()
{
    const OrderedJson base = json(R"({"transition_graph": {"leads_to": [
        {"error_id": "a/b", "probability": 0.1}, {"error_id": "a/b", "probability": 0.2}]}})");
    OrderedJson ours = base;
    ours["transition_graph"]["leads_to"][1]["probability"] = 0.25;
    OrderedJson theirs = base;
    theirs["transition_graph"]["leads_to"][0]["probability"] = 0.15;
    theirs["transition_graph"]["leads_to"].push_back(json(R"({"error_id": "c/d"})"));

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    QCOMPARE(text(outcome.document["transition_graph"]["leads_to"]),
             QStringLiteral(R"([{"error_id":"a/b","probability":0.15},{"error_id":"a/b","probability":0.25},)"
                            R"({"error_id":"c/d"}])"));
}

void RecordMergeTest::tagsMergeAsSets()
{
    const OrderedJson base = json(R"({"tags": ["nan", "training", "gpu"], "aliases": ["a"]})");
    const OrderedJson ours = json(R"({"tags": ["training", "nan", "gpu", "loss"], "aliases": ["a", "b"]})");
    const OrderedJson theirs = json(R"({"tags": ["nan", "training", "numerics"], "aliases": ["c"]})");

    const RecordMerge::Outcome outcome = merged(base, ours, theirs);
    QVERIFY(outcome.conflicts.isEmpty());
    // OURS's order; "gpu" removed by THEIRS; THEIRS's additions at the end.
    QCOMPARE(text(outcome.document),
             QStringLiteral(R"({"tags":["training","nan","loss","numerics"],)"
                            R"("aliases":["b","c"]})"));
}

void RecordMergeTest::arraysOfObjectsAreWholeValues()
{
    const OrderedJson base = json(R"({"versions": [{"version": "torch>=1.8", "status": "active"}]})");
    const OrderedJson ours = json(R"({"versions": [{"version": "torch>=1.8", "status": "fixed"}]})");
    const OrderedJson theirs = json(R"({"versions": [{"version": "torch>=1.8", "status": "active"},
                                                     {"version": "torch>=2.0"}]})");

    const RecordMerge merge(&base, ours, theirs);
    QCOMPARE(pointers(merge.conflicts()), QStringList({QStringLiteral("/versions")}));
    QCOMPARE(text(merge.conflicts().first().theirs), text(theirs["versions"]));
}

void RecordMergeTest::addAddWithoutBase()
{
    const OrderedJson ours = json(R"({"id": "a/b", "signature": "S", "regex": "R1", "tags": ["x"]})");
    const OrderedJson theirs = json(R"({"id": "a/b", "signature": "S", "regex": "R2", "root_cause": "C",
                                       "tags": ["y"]})");

    const RecordMerge merge(nullptr, ours, theirs);
    QCOMPARE(pointers(merge.conflicts()), QStringList({QStringLiteral("/regex")}));
    const RecordMerge::Conflict conflict = merge.conflicts().first();
    QVERIFY(conflict.baseMissing);
    QVERIFY(conflict.base.is_null());
    QCOMPARE(text(merge.outcome().document),
             QStringLiteral(R"({"id":"a/b","signature":"S","regex":"R1","root_cause":"C","tags":["x","y"]})"));

    // Identical additions: nothing to resolve.
    QVERIFY(RecordMerge(nullptr, ours, ours).isClean());
}

void RecordMergeTest::resolutionsChooseEachConflict()
{
    const OrderedJson base = json(R"({"a": 1, "b": 1, "c": 1, "d": 1})");
    const OrderedJson ours = json(R"({"a": 2, "b": 2, "c": 2, "d": 2})");
    const OrderedJson theirs = json(R"({"a": 3, "b": 3, "c": 3})");

    RecordMerge merge(&base, ours, theirs);
    QCOMPARE(merge.conflicts().size(), 4);
    QCOMPARE(text(merge.outcome().document), text(ours));
    merge.resolve(0, {Side::Theirs, std::nullopt});
    merge.resolve(1, {Side::Base, std::nullopt});
    merge.resolve(2, {Side::Edited, OrderedJson("edited")});
    merge.resolve(3, {Side::Theirs, std::nullopt}); // THEIRS deleted it
    QCOMPARE(merge.resolution(2).side, Side::Edited);
    const RecordMerge::Outcome outcome = merge.outcome();
    QCOMPARE(text(outcome.document), QStringLiteral(R"({"a":3,"b":1,"c":"edited"})"));
    QCOMPARE(outcome.conflicts.size(), 4); // still listed, now resolved

    merge.resolve(2, {Side::Edited, std::nullopt}); // an edit that removes the member
    QCOMPARE(text(merge.outcome().document), QStringLiteral(R"({"a":3,"b":1})"));
    merge.resolveAll(Side::Theirs);
    QCOMPARE(text(merge.outcome().document), text(theirs));
}

void RecordMergeTest::resolutionRemovingAnItemShiftsLaterPointers()
{
    const OrderedJson base = baseRecord();
    OrderedJson ours = base;
    ours["dead_ends"][0]["fail_rate"] = 0.7;
    ours["dead_ends"][1]["fail_rate"] = 0.99;
    OrderedJson theirs = base;
    theirs["dead_ends"].erase(0);
    theirs["dead_ends"][0]["fail_rate"] = 0.9;

    RecordMerge merge(&base, ours, theirs);
    QCOMPARE(pointers(merge.conflicts()),
             QStringList({QStringLiteral("/dead_ends/0"), QStringLiteral("/dead_ends/1/fail_rate")}));
    QVERIFY(merge.conflicts().at(0).theirsMissing);
    merge.resolveAll(Side::Theirs);
    const RecordMerge::Outcome outcome = merge.outcome();
    QCOMPARE(pointers(outcome.conflicts),
             QStringList({QStringLiteral("/dead_ends/0"), QStringLiteral("/dead_ends/0/fail_rate")}));
    QCOMPARE(text(outcome.document["dead_ends"]), text(theirs["dead_ends"]));
}

void RecordMergeTest::pointersEscapeKeys()
{
    const OrderedJson base = json(R"({"os_specific": {"linux/arm64": "a", "x~y": "b"}})");
    const OrderedJson ours = json(R"({"os_specific": {"linux/arm64": "a2", "x~y": "b2"}})");
    const OrderedJson theirs = json(R"({"os_specific": {"linux/arm64": "a3", "x~y": "b3"}})");

    QCOMPARE(pointers(RecordMerge(&base, ours, theirs).conflicts()),
             QStringList({QStringLiteral("/os_specific/linux~1arm64"), QStringLiteral("/os_specific/x~0y")}));
}

QTEST_GUILESS_MAIN(RecordMergeTest)
#include "RecordMergeTest.moc"
