<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Errata::ArrayTableModel</name>
    <message>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move row up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move row down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record &quot;%1&quot; in this KB: the link dangles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no link back to this record; &quot;Add reciprocal link&quot; adds it there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written as a bare id string, and kept that way; &quot;Convert to object&quot; makes it an object that can hold a probability, condition or delay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convert link to object</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::AtomicFile</name>
    <message>
        <source>it can only be written whole</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a symbolic link; Errata does not write through links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a folder, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only part of the data could be written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not open for writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be written: %2; the file on disk was left as it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a symbolic link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; the symbolic link to %1 could not be put back: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a character device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a block device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file; Errata writes only to a regular file or a new path, and left it as it was</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::BrowserDock</name>
    <message>
        <source>Records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search: words, domain:, tier:, fix&lt;0.5, has:zh, stale…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln result(s) of %L1</source>
        <translation>
            <numerusform>%Ln result of %L1</numerusform>
            <numerusform>%Ln results of %L1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln record</numerusform>
            <numerusform>%Ln records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Looking up the pasted text (%Ln line(s)); Esc clears the field</source>
        <translation>
            <numerusform>Looking up the pasted text (%Ln line); Esc clears the field</numerusform>
            <numerusform>Looking up the pasted text (%Ln lines); Esc clears the field</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::CacheFolder</name>
    <message>
        <source>%1 is a symbolic link; a cache is read only from a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file; it is not read as a cache</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ConflictMergeDialog</name>
    <message>
        <source>(removed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge Conflict — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Both sides of the merge changed %Ln field(s) of this record differently. Every other change, from either side, is merged already. Choose the version to keep of each field, or type the value.</source>
        <translation>
            <numerusform>Both sides of the merge changed %Ln field of this record differently. Every other change, from either side, is merged already. Choose the version to keep of each field, or type the value.</numerusform>
            <numerusform>Both sides of the merge changed %Ln fields of this record differently. Every other change, from either side, is merged already. Choose the version to keep of each field, or type the value.</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theirs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The value to keep of the selected field (JSON; a text as it is; empty: removed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save and Mark Resolved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep All &amp;Ours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep All &amp;Theirs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value kept:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file as it will be saved:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Common ancestor&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The value of %1 is not JSON yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: the value of %1 is not JSON.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ConflictResolver</name>
    <message>
        <source>Resolve &amp;Merge Conflict…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge a record file that git left in conflict, field by field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve Merge Conflict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record file in conflict:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the conflict is resolved and the file staged.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ConflictSession</name>
    <message>
        <source>%1, %2 version, line %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was deleted on one side and changed on the other: keep it or delete it with git</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>common ancestor&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>our</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>their</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: the merged record has errors. First: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::DeletedRecordRestorer</name>
    <message>
        <source>Res&amp;tore Deleted Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bring back a record file deleted since the last commit, as the commit has it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore Deleted Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No KB is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 restored from the last commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was deleted since the last commit (%2).
Restore it as the last commit has it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record file deleted since the last commit:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::DiskWatch</name>
    <message>
        <source>%1 changed on disk and was reloaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file of %1 was removed on disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New record on disk: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::EditSession</name>
    <message>
        <source>Not saved: the record has errors. First: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This record has never been saved; there is no file to go back to.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::FieldBindings</name>
    <message>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::FindingCap</name>
    <message>
        <source>… and %1 more findings of rule %2 in this file (at most %3 of one rule and %4 in all are listed)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::GitConflictStages</name>
    <message>
        <source>%1 is in no git checkout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in conflict in git&apos;s index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot stage %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::GitRestore</name>
    <message>
        <source>cannot make the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not in the last commit, nothing to restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read it from the last commit: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write it: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: written, but not put back in git&apos;s index: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::GitStatus</name>
    <message>
        <source>HEAD detached at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the state of the git checkout: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>modified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untracked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>renamed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown revision &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the records in the git submodule %1 are not covered: git&apos;s state of this checkout does not look into submodules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 deleted and %2 new record files were not all compared for renames: past git&apos;s rename limit (diff.renameLimit, %3) only files of identical content are paired, so some of them may be renames of changed files</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::GitSummaryCache</name>
    <message>
        <source>cannot make the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::GraphDock</name>
    <message>
        <source>Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Depth:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many links away from the record to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom out (-, Ctrl+wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole graph (F or 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the graph as a PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the graph as an SVG drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a record to see its links.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln record</numerusform>
            <numerusform>%Ln records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln link(s)</source>
        <translation>
            <numerusform>%Ln link</numerusform>
            <numerusform>%Ln links</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dangling</source>
        <translation>
            <numerusform>%Ln dangling</numerusform>
            <numerusform>%Ln dangling</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Links of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Graph</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::GraphScene</name>
    <message>
        <source>not in this KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Not in this KB: links to it dangle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2
Double-click to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 links to itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Domains:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Links:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>leads to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preceded by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>often confused with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to a missing record</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::KnowledgeBaseLoader</name>
    <message>
        <source>a FIFO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a special file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded: a link loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded: a dangling link (to %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded: cannot follow the link (to %1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not read: a link to a folder (links to folders are not followed, so no record behind it is loaded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded: a link that leads out of the KB folder (to %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded: a link to %1, not to a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded: %1, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not read: the folder name is not valid UTF-8 (shown with \x escapes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded: the file name is not valid UTF-8 (shown with \x escapes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded: the file is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the KB folder is inside %1, the folder where git keeps its own data: git never tracks the records in it (open the folder of the checkout instead)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not read: the folder cannot be listed (%1), so no record in it is loaded</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::KnowledgeBaseStatus</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln record</numerusform>
            <numerusform>%Ln records</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln error(s)</source>
        <translation>
            <numerusform>%Ln error</numerusform>
            <numerusform>%Ln errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>%Ln warning</numerusform>
            <numerusform>%Ln warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 (checking…)</source>
        <comment>the counts so far, while records are checked</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>the status bar&apos;s count of errors, then of warnings</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the records of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing %1 for search…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder looks like deadends.dev canons, not Errata records: convert them with &quot;errata import-deadends %1 DST&quot; and open DST.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no changes</source>
        <comment>git branch</comment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln changed</source>
        <comment>git branch: changed records</comment>
        <translation>
            <numerusform>%1: %Ln changed</numerusform>
            <numerusform>%1: %Ln changed</numerusform>
        </translation>
    </message>
    <message>
        <source>Branch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln record file(s) %1</source>
        <translation>
            <numerusform>%Ln record file %1</numerusform>
            <numerusform>%Ln record files %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Search &quot;changed&quot; or &quot;git:modified&quot; to list them.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::LinkListEditor</name>
    <message>
        <source>Add a link: type an id or words of a signature, then pick a record or press Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the current link up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the current link down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convert to object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the selected bare id strings as objects, which can hold more than the id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add reciprocal link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the link back (%1) to the target record, as an undoable edit there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the record this link points to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A record cannot link to itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is already listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add link to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record %1 in this KB yet: the link dangles.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::LinkTargetModel</name>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::LogFileDialog</name>
    <message>
        <source>Open Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logs (*.log *.txt *.out);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file (a folder, a FIFO or a device), so it is not opened here. Paste its text instead.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::LogMatchModel</name>
    <message numerus="yes">
        <source>%1
Score %2: longest literal %3 characters, %4, %Ln match(es) in the log</source>
        <translation>
            <numerusform>%1
Score %2: longest literal %3 characters, %4, %Ln match in the log</numerusform>
            <numerusform>%1
Score %2: longest literal %3 characters, %4, %Ln matches in the log</numerusform>
        </translation>
    </message>
    <message>
        <source>signature found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>signature not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature / line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lines</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::LogMatcher</name>
    <message>
        <source>the regex does not compile: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the regex matches the empty string, so it would match every log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 regexes do not fit the fast path&apos;s memory budget (%3 bytes each), so they are searched one by one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The literal scanner would need %1 bytes, more than the memory budget of %2 bytes, so %3 regexes are searched one by one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 regexes without a required literal or that can span lines do not fit in one RE2::Set within the memory budget: each is searched over the whole log (when its literals occur in it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole-text RE2::Set of %1 regexes failed (%2), so each of them that could match was searched one by one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inconsistent result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every regex was searched one by one over the whole log (the reference search).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too slow to search the whole log at once (about %1 s; the budget is %2 s per regex): searched in pieces of 32 KiB in %3 s, so a match that spans two pieces may be missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too slow on this log: stopped after %1 s (the budget is %2 s per regex); its results may be incomplete</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The whole-text RE2::Set of %n regex(es) would take about %1 s on this log, more than the budget of %2 s per regex, so each of them that could match was searched one by one.</source>
        <translation>
            <numerusform>The whole-text RE2::Set of %n regex would take about %1 s on this log, more than the budget of %2 s per regex, so each of them that could match was searched one by one.</numerusform>
            <numerusform>The whole-text RE2::Set of %n regexes would take about %1 s on this log, more than the budget of %2 s per regex, so each of them that could match was searched one by one.</numerusform>
        </translation>
    </message>
    <message>
        <source>not searched: the budget of the whole search (%1 s) was spent before its turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped after %1 s, when the budget of the whole search (%2 s) was spent; its results may be incomplete</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The whole-text RE2::Set of %n regex(es) would take about %1 s on this log, more than was left of the whole match&apos;s budget, so each of them that could match was searched one by one.</source>
        <translation>
            <numerusform>The whole-text RE2::Set of %n regex would take about %1 s on this log, more than was left of the whole match&apos;s budget, so it was searched on its own.</numerusform>
            <numerusform>The whole-text RE2::Set of %n regexes would take about %1 s on this log, more than was left of the whole match&apos;s budget, so each of them that could match was searched one by one.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::LogMatcherDock</name>
    <message>
        <source>Log Matcher</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignore &amp;case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No log yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Paste Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the log with the text on the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop matching (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a whole log here (or open a log file): every known error in it is listed on the right, most specific first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than %2 MB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 MB) is matched but too big to show here. Paste or type to replace it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Preparing the regexes of %Ln record(s)…</source>
        <translation>
            <numerusform>Preparing the regex of %Ln record…</numerusform>
            <numerusform>Preparing the regexes of %Ln records…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled. Edit the log or press Paste Log to match again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 records match · %3 lines, %4 · %5 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s) not tried</source>
        <translation>
            <numerusform>%Ln record not tried</numerusform>
            <numerusform>%Ln records not tried</numerusform>
        </translation>
    </message>
    <message>
        <source>slow path used</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln similar record(s)</source>
        <translation>
            <numerusform>%Ln similar record</numerusform>
            <numerusform>%Ln similar records</numerusform>
        </translation>
    </message>
    <message>
        <source>No regex matched. Similar records, like the errors in this log:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar records, like the errors in this log but not matched by their regex:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln regex(es) too slow on this log, results may be incomplete</source>
        <translation>
            <numerusform>%Ln regex too slow on this log, results may be incomplete</numerusform>
            <numerusform>%Ln regexes too slow on this log, results may be incomplete</numerusform>
        </translation>
    </message>
    <message>
        <source>The regex of %1 was %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::LogReader</name>
    <message>
        <source>the log is larger than %1, the most read from a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the log is larger than %1, the most read from standard input, a pipe or a device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::LookupHitModel</name>
    <message>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>likely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>related</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · score %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its regex matches line %1 as written: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its regex matches line %1 ignoring case: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its regex does not match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature found: %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared words: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same environment: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::LookupPanel</name>
    <message numerus="yes">
        <source>Lookup: %Ln record(s) like this error</source>
        <translation>
            <numerusform>Lookup: %Ln record like this error</numerusform>
            <numerusform>Lookup: %Ln records like this error</numerusform>
        </translation>
    </message>
    <message>
        <source>Lookup: no record is like this error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search words instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Compared by %n line(s) of the text:</source>
        <translation>
            <numerusform>Compared by %n line of the text:</numerusform>
            <numerusform>Compared by %n lines of the text:</numerusform>
        </translation>
    </message>
    <message>
        <source>Search words instead: search the text in the field word by word, as typed. Esc clears the field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookup: indexing the records; the results follow in a moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln regex(es) stopped for time, the answer may be incomplete</source>
        <translation>
            <numerusform>%Ln regex stopped for time, the answer may be incomplete</numerusform>
            <numerusform>%Ln regexes stopped for time, the answer may be incomplete</numerusform>
        </translation>
    </message>
    <message>
        <source>the regex of %1 was %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open KB Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translation &amp;Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Errata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Errata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Errata&lt;/b&gt; %1&lt;br&gt;Curate a knowledge base of error records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;vert Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D&amp;uplicate Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;name Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open KB Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>
… and %Ln more</source>
        <translation>
            <numerusform>
… and %Ln more</numerusform>
            <numerusform>
… and %Ln more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) could not be loaded; see Problems</source>
        <translation>
            <numerusform>%Ln file could not be loaded; see Problems</numerusform>
            <numerusform>%Ln files could not be loaded; see Problems</numerusform>
        </translation>
    </message>
    <message>
        <source>No record &quot;%1&quot; in this KB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Errata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix Missing &amp;Reciprocal Links…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the records of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Checking was cancelled: %Ln record(s) not checked. Reload (F5) checks them.</source>
        <translation>
            <numerusform>Checking was cancelled: %Ln record not checked. Reload (F5) checks it.</numerusform>
            <numerusform>Checking was cancelled: %Ln records not checked. Reload (F5) checks them.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open in another window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The other window on this KB closed: unsaved edits are kept for recovery again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new settings take effect the next time Errata starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing %1 for lookup…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish &amp;Site…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::OutcomeBar</name>
    <message>
        <source>Fold into the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fold the reports not yet folded in into the success and fail rates, fix_success_rate and evidence_count: one edit, undone with Undo; noted in the reports file when saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all folded in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 not folded in yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 not folded in yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lines of the reports file that could not be read:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every report on this record is folded in already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No report can be folded in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fold in 1 outcome report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fold in %1 outcome reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not folded in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fold of outcome reports could not be noted: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::OutcomeFold</name>
    <message>
        <source>workaround %1 is not in the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dead end %1 is not in the record</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::OutcomeLog</name>
    <message>
        <source>a report needs &quot;report&quot; and &quot;id&quot; strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;kind&quot; must be &quot;workaround&quot; or &quot;dead_end&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;index&quot; must be a whole number of 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;worked&quot; must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;time&quot; must be an ISO 8601 time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a fold needs &quot;fold&quot; and &quot;id&quot; strings and a &quot;reports&quot; list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the &quot;reports&quot; of a fold must be strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longer than %1 bytes; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a report, a fold or an unfold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a symbolic link, not a regular file; nothing is read or written through it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file; nothing is read or written through it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the line would be longer than %2 bytes, the most read back; nothing is written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is full: %2, the most read back; the report is not kept. Fold its reports in, then move the file aside (the next report starts a new one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: only the first %2 are read</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::OutcomeSummary</name>
    <message>
        <source>workaround %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dead end %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worked once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worked %1 times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed %1 times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ProblemListModel</name>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ProblemsDock</name>
    <message>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors and warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All, with infos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln shown</source>
        <translation>
            <numerusform>%Ln shown</numerusform>
            <numerusform>%Ln shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln in all</source>
        <translation>
            <numerusform>%Ln in all</numerusform>
            <numerusform>%Ln in all</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::PublishSiteDialog</name>
    <message>
        <source>Reading the KB…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the records…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing the site…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swapping the new site in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Leave out records with errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Publish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open in Browser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish Site</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional, e.g. https://errors.example.com</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Site &amp;folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The site is written into a new folder next to this one and swapped in when it is complete: readers never see half a site, and a cancelled run leaves the old one as it was. Files Errata did not write are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Publish the Site into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the folder to publish the site into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base URL must be an absolute http or https address with a host, such as https://errors.example.com.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: %1 was left as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The site was not published: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published %1 of %2 records: %3 files, %4 written, %5 unchanged, %6 removed, in %7 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) with errors left out: %1</source>
        <translation>
            <numerusform>%n record with errors left out: %1</numerusform>
            <numerusform>%n records with errors left out: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) with errors shown with a warning: %1</source>
        <translation>
            <numerusform>%n record with errors shown with a warning: %1</numerusform>
            <numerusform>%n records with errors shown with a warning: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>No sitemap.xml: it needs the base URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ReciprocalLinks</name>
    <message>
        <source>%1 is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the transition_graph of %1 is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 is not a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already lists %2 in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not in the KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has unsaved changes; save or revert it first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ReciprocalLinksDialog</name>
    <message>
        <source>Missing Reciprocal Links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These records lack the link back to a record that links to them. The ticked links are added and the changed files are written at once; records with unsaved edits must be saved first. git shows (and can revert) the change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record to change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link to add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Because</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 it</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Add %Ln Link(s)</source>
        <translation>
            <numerusform>Add %Ln Link</numerusform>
            <numerusform>Add %Ln Links</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::Record</name>
    <message>
        <source>invalid JSON: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the file: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is %1; records larger than %2 are not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON nested deeper than %1 levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a record must be a JSON object, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it was replaced by a link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key %1: first at line %2, column %3, again at column %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key %1: first at line %2, again at line %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merge conflict, lines %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> (and %n more)</source>
        <translation>
            <numerusform> (and %n more)</numerusform>
            <numerusform> (and %n more)</numerusform>
        </translation>
    </message>
    <message>
        <source>: the file holds git&apos;s conflict markers; resolve the conflict</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecordActions</name>
    <message>
        <source>New Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id of the new record (its file path in the KB):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id of the copy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>New id; the file moves and %Ln link(s) to it are rewritten:</source>
        <translation>
            <numerusform>New id; the file moves and %Ln link to it is rewritten:</numerusform>
            <numerusform>New id; the file moves and %Ln links to it are rewritten:</numerusform>
        </translation>
    </message>
    <message>
        <source>Renamed %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete %1 and its file?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These records link to it; their links will dangle:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted the record and its file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was changed on disk by someone else since it was opened.

Overwrite it with your version?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no changes to save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Revert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throw away the unsaved changes to %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These records have unsaved changes:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record &quot;%1&quot; in this KB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Reciprocal Link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add %1 link to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added %1 %2 to %3 (not saved yet; Ctrl+Z undoes it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing Reciprocal Links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every leads_to and preceded_by link of this KB has its link back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was changed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Added %Ln reciprocal link(s) and saved the records.</source>
        <translation>
            <numerusform>Added %Ln reciprocal link and saved the record.</numerusform>
            <numerusform>Added %Ln reciprocal links and saved the records.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::RecordCardHtml</name>
    <message>
        <source>Resolvable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix success rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dead ends — do not try</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>works</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trade-off:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operating systems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linked from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error code:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not in this KB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leads to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preceded by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Often confused with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add reciprocal link: %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add reciprocal link: %1 here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regex:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also seen as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecordEditor</name>
    <message>
        <source>&amp;Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Versions &amp;&amp; OS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What people try that does not fix the error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dead ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What fixes it; the Chinese column is workarounds_zh.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Workarounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Trust &amp;&amp; docs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hanges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Identity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The id is the file path; rename a record from the Record menu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Domain:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subcategory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locale:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags (one per line):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aliases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aliases (one per line):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature and regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chinese signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature (中文):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regex (RE2):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>root cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root cause:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>root cause type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chinese root cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root cause (中文):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Introduced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deprecated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Behavior change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fail rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Condition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Success rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trade-off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chinese (workarounds_zh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typical delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distinction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate the current row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the current row up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the current row down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Versions: a package with a specifier, such as torch&gt;=2.0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes for one operating system each (linux, windows, macos).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leads to: errors that often follow this one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preceded by: errors that often come before this one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Often confused with: similar errors, and how to tell them apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verification tier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification tier:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix success rate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resolvable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolvable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>evidence count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence count:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First seen:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last confirmed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last updated:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmed today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1 to today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Official URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Section:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error code:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other keys (kept as they are)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The record cannot be written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No changes against the file on disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linked from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click to open the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add reciprocal link here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to this record the link back to the selected record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record links here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ matches its own signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ does not match its own signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Against the file on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Against the last commit (git HEAD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No changes against the last commit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The KB is not in a git checkout: there is no last commit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecordFilterModel</name>
    <message>
        <source>%1 (%L2 of %L3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecordIdDialog</name>
    <message>
        <source>domain/name, e.g. pytorch/cuda-out-of-memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file will be %1.json</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecordOperations</name>
    <message>
        <source>%1 links to this record and has unsaved changes; save or revert it first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already has the id %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no knowledge base folder is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the id %1 is taken already by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a new record needs a domain (one path segment) and a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the template for new records is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record to delete is not in this knowledge base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be removed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no record to restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is in the knowledge base already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists on disk again with other content; it was not overwritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a symbolic link; Errata does not write through links, so no record can be created in it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecordTab</name>
    <message>
        <source>This record&apos;s file was changed on disk by someone else.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep mine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take theirs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Their file (-) and your version (+)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Their file and your version are the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fold in outcome reports</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecordTreeModel</name>
    <message>
        <source>git: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>git: deleted; the last commit has it. Enter restores it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecordWriter</name>
    <message>
        <source>%1: cannot be read to keep a copy: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be removed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be written: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be written: %2 holds bytes that are not valid UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exists on disk (the record is new)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was removed on disk since it was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed on disk since it was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create its folder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecoveryKeeper</name>
    <message>
        <source>Could not keep a recovery copy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore unsaved edits?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errata did not close normally. Unsaved edits of these records were kept:
%1

Restore them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a process that could not be named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is open in another Errata window (%2). This window keeps no crash-recovery copies of unsaved edits while the other one is open; save often, or work in the other window.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RecoveryStore</name>
    <message>
        <source>%1: cannot create the recovery folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nothing to recover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the recovered text is not a record: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the recovered original text is not a record: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is %1, more than the %2 a recovery copy may hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its text is %2, more than the %3 a recovery copy may hold (and a record file may be); no copy of its unsaved edits is kept: save it or shorten it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the recovered text cannot be read from %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RegexEngine</name>
    <message>
        <source>RE2 does not support look-ahead &quot;(?=...)&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RE2 does not support negative look-ahead &quot;(?!...)&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RE2 does not support look-behind &quot;(?&lt;=...)&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RE2 does not support negative look-behind &quot;(?&lt;!...)&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RE2 does not support atomic groups &quot;(?&gt;...)&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid escape sequence &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid character class &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid character range &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing ] to close the character class &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing ) to close a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unmatched )</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pattern ends with a lone backslash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; has nothing before it to repeat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid repetition &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid group syntax &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pattern is not valid UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid group name &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pattern is too large for RE2&apos;s memory budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RE2 cannot compile the pattern</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RE2 does not support back-references such as &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid repeat count &quot;%1&quot; (RE2 allows at most %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>repeat count &quot;%1&quot; makes the nested repeats too large: RE2 multiplies the counts of repeats nested in one another, and allows a product of at most %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RegexMatchListModel</name>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::RegexWorkbenchDock</name>
    <message>
        <source>Regex Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Ignore case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Regex:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a log here, or open a log file. Every match of the regex is highlighted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No record open: try any regex against the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — changes go to the record; Ctrl+Z undoes them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — edit the record (Ctrl+E) to change its regex here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit regex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 MB; the workbench opens logs up to %3 MB. Cut out the part you need.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a regex to see its matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a log or open one to see the matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No match in the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More than %1 matches; the first %1 are listed and highlighted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The regex matches the empty string, so it would match every log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The regex does not compile: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ no match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln match(es)</source>
        <translation>
            <numerusform>%Ln match</numerusform>
            <numerusform>%Ln matches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s)</source>
        <translation>
            <numerusform>%Ln line</numerusform>
            <numerusform>%Ln lines</numerusform>
        </translation>
    </message>
    <message>
        <source>Too slow to search the whole log at once (the budget is %1 s): searched in pieces of 32 KiB, so a match that spans two pieces may be missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped after %1 s, the budget of a regex on this log: there may be more matches further on. A regex this slow would be stopped in the log matcher too.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ReviewModel</name>
    <message>
        <source>Reviewed earlier, but the English text has changed since: review it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewed earlier, but the Chinese text has changed since: review it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untranslated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 cannot be accepted: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be read, so it is not overwritten; fix or remove it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No KB is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accepted by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accepted by %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accepted %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ReviewPane</name>
    <message>
        <source>One workaround per line, in the order of the English</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chinese translation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark this translation as reviewed (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;i&gt;Select a record to review its translation.&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (the English changed since the last review)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (edited since the last review)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 lacks %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Chinese lacks %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numbers, versions, code, URLs and placeholders all match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark this translation as not reviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>a field&apos;s status — who accepted it and when</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ReviewStore</name>
    <message>
        <source>not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an errata-review file of version %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reviews of &quot;%1&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the review of %1 in &quot;%2&quot; needs &quot;en&quot; and &quot;zh&quot; hashes (16 hex digits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no KB folder to keep reviews in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be read, so it is not overwritten; fix or remove it first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::ReviewView</name>
    <message>
        <source>Domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tier:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Accept and Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Unfinished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous Unfinished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The review file could not be read, so reviews are not shown and cannot be recorded until it is fixed or removed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a record to review first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accepted %1 of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every field shown is reviewed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No other unfinished field in view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All domains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 fields translated, %3 reviewed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reading the translations: %1 of %Ln record(s)…</source>
        <translation>
            <numerusform>Reading the translations: %1 of %Ln record…</numerusform>
            <numerusform>Reading the translations: %1 of %Ln records…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::RuleValidator</name>
    <message>
        <source>unknown key &quot;%1&quot; (kept as it is)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file starts with a UTF-8 byte order mark; it is removed when the record is saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id %1 must be 2 or more segments joined by &quot;/&quot;, each made of a-z, 0-9, &quot;.&quot;, &quot;_&quot; or &quot;-&quot; and starting with a letter or digit, 200 characters at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id %1 must start with the domain &quot;%2/&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id %1 does not match the file&apos;s path, which gives &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id %1 is used by %2 files: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>domain %1 may hold only a-z, 0-9 and &quot;-&quot;, starting with a letter or digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>category %1 may hold only a-z, 0-9, &quot;_&quot; and &quot;-&quot;, starting with a letter or digit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown root_cause_type %1; known types are %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the regex does not compile: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (at character %1 of the regex)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the regex matches the empty string, so it would match every log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the regex does not match the record&apos;s own signature (it would if case were ignored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the regex does not match the record&apos;s own signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>official_doc_url %1 is not an http or https URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source %1 is not an http or https URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is not a real YYYY-MM-DD date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 is in the future</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first_seen %1 is after last_confirmed %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last confirmed %1 days ago (%2): stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last confirmed %1 days ago (%2): aging</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resolvable is &quot;true&quot; but needs fix_success_rate &gt;= 0.7 and confidence &gt;= 0.6 (they are %1 and %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resolvable is &quot;false&quot; but fix_success_rate is %1 (it should be below 0.2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confidence %1 rests on an evidence_count of only %2 (fewer than 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not translated (no Chinese characters, or the English text repeated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workarounds_zh is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workarounds_zh and workarounds differ in length (%1 against %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workarounds_zh items not translated: %1 (no Chinese characters, or the English text repeated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record links to itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is listed twice in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>link to %1, which is not in the KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no %2 link back to this record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 appears twice in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 item %2 cites no sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>en</source>
        <comment>The code of the language of this translation, e.g. zh_CN</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::SchemaMessage</name>
    <message>
        <source>1 character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of 1 item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of %1 items</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a boolean (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a value of this type is not allowed here; found %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be at least %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be greater than %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be at most %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be less than %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be a multiple of %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be at least %2 long; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be at most %2 long; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must have at least %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must have at most %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: items must all be different</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: items must all be different; %2 repeats %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a date (YYYY-MM-DD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a time (HH:MM:SS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a date and time (YYYY-MM-DDTHH:MM:SSZ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a valid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must match the pattern %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: must be one of: %2; found %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: required field is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: field not allowed here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::SchemaValidator</name>
    <message>
        <source>the record schema cannot be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::SearchIndexCache</name>
    <message>
        <source>not a search index cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written by another version of Errata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written on a machine of the other byte order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cache of another folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cache is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cache would be over 4 GB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language or colour scheme takes effect the next time Errata starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Colours:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (git&apos;s user.name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (your account&apos;s name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No name is recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reviewer name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded with every translation review you accept. When empty, git&apos;s user.name for the KB is used, else your account&apos;s name.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errata::WelcomePage</name>
    <message>
        <source>&lt;h2&gt;Find a record&lt;/h2&gt;&lt;p&gt;Type in the search field (&lt;b&gt;Ctrl+K&lt;/b&gt;): words from the signature, id, root cause, dead ends or workarounds, in English or Chinese. &lt;b&gt;Enter&lt;/b&gt; opens the best match; &lt;b&gt;Up&lt;/b&gt; and &lt;b&gt;Down&lt;/b&gt; move through the results.&lt;/p&gt;&lt;p&gt;Paste an error into it (&lt;b&gt;Ctrl+V&lt;/b&gt;): a line, a stack trace or a piece of a log. The records most like it are listed, best first.&lt;/p&gt;&lt;p&gt;Filters combine with words: &lt;code&gt;domain:pytorch&lt;/code&gt; &lt;code&gt;category:oom&lt;/code&gt; &lt;code&gt;tier:ai_generated&lt;/code&gt; &lt;code&gt;resolvable:partial&lt;/code&gt; &lt;code&gt;fix&amp;lt;0.5&lt;/code&gt; &lt;code&gt;confidence&amp;gt;=0.8&lt;/code&gt; &lt;code&gt;has:zh&lt;/code&gt; &lt;code&gt;-has:zh&lt;/code&gt; &lt;code&gt;severity:warning&lt;/code&gt; &lt;code&gt;stale&lt;/code&gt; &lt;code&gt;changed&lt;/code&gt; &lt;code&gt;git:modified&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Open another KB folder with &lt;b&gt;Ctrl+O&lt;/b&gt;; reload it with &lt;b&gt;F5&lt;/b&gt;.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Errata</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RenameRecordCommand</name>
    <message>
        <source>Rename to %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
