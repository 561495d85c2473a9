<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Errata::ArrayTableModel</name>
    <message>
        <source>Edit %1</source>
        <translation>编辑%1</translation>
    </message>
    <message>
        <source>Add row</source>
        <translation>添加行</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>删除行</translation>
    </message>
    <message>
        <source>Duplicate row</source>
        <translation>复制行</translation>
    </message>
    <message>
        <source>Move row up</source>
        <translation>上移行</translation>
    </message>
    <message>
        <source>Move row down</source>
        <translation>下移行</translation>
    </message>
    <message>
        <source>No record &quot;%1&quot; in this KB: the link dangles.</source>
        <translation>此知识库中没有记录“%1”：这是一个悬空链接。</translation>
    </message>
    <message>
        <source>%1 has no link back to this record; &quot;Add reciprocal link&quot; adds it there.</source>
        <translation>%1 没有指回此记录的链接；“添加反向链接”会在那里补上。</translation>
    </message>
    <message>
        <source>Written as a bare id string, and kept that way; &quot;Convert to object&quot; makes it an object that can hold a probability, condition or delay.</source>
        <translation>以纯 ID 字符串写成，并按原样保留；“转换为对象”会把它变成可以包含概率、条件或延迟的对象。</translation>
    </message>
    <message>
        <source>Convert link to object</source>
        <translation>将链接转换为对象</translation>
    </message>
</context>
<context>
    <name>Errata::AtomicFile</name>
    <message>
        <source>it can only be written whole</source>
        <translation>只能整体写入</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; Errata does not write through links</source>
        <translation>%1 是符号链接；Errata 不会通过链接写入</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file</source>
        <translation>%1 是文件夹，不是文件</translation>
    </message>
    <message>
        <source>only part of the data could be written</source>
        <translation>只写入了部分数据</translation>
    </message>
    <message>
        <source>it is not open for writing</source>
        <translation>未以写入方式打开</translation>
    </message>
    <message>
        <source>%1: cannot be written: %2; the file on disk was left as it was</source>
        <translation>%1：无法写入：%2；磁盘上的文件保持原样</translation>
    </message>
    <message>
        <source>it is a symbolic link</source>
        <translation>它是符号链接</translation>
    </message>
    <message>
        <source>; the symbolic link to %1 could not be put back: %2</source>
        <translation>；指向 %1 的符号链接无法恢复：%2</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>FIFO（命名管道）</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file; Errata writes only to a regular file or a new path, and left it as it was</source>
        <translation>%1 是%2，不是普通文件；Errata 只写入普通文件或新路径，已保持其原样</translation>
    </message>
</context>
<context>
    <name>Errata::BrowserDock</name>
    <message>
        <source>Records</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Search: words, domain:, tier:, fix&lt;0.5, has:zh, stale…</source>
        <translation>搜索：关键词、domain:、tier:、fix&lt;0.5、has:zh、stale…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln result(s) of %L1</source>
        <translation>
            <numerusform>%Ln 条结果，共 %L1 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Looking up the pasted text (%Ln line(s)); Esc clears the field</source>
        <translation>
            <numerusform>正在查找粘贴的文本（%Ln 行）；按 Esc 清空搜索框</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::CacheFolder</name>
    <message>
        <source>%1 is a symbolic link; a cache is read only from a regular file</source>
        <translation>%1 是符号链接；缓存只从普通文件读取</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 is not a regular file; it is not read as a cache</source>
        <translation>%1 不是普通文件；不会作为缓存读取</translation>
    </message>
</context>
<context>
    <name>Errata::ConflictMergeDialog</name>
    <message>
        <source>(removed)</source>
        <translation>（已删除）</translation>
    </message>
    <message>
        <source>Merge Conflict — %1</source>
        <translation>合并冲突 — %1</translation>
    </message>
    <message numerus="yes">
        <source>Both sides of the merge changed %Ln field(s) of this record differently. Every other change, from either side, is merged already. Choose the version to keep of each field, or type the value.</source>
        <translation>
            <numerusform>合并的双方对这条记录的 %Ln 个字段做了不同的修改。其余改动（无论来自哪一方）均已合并。请为每个字段选择要保留的版本，或直接输入值。</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Ours</source>
        <translation>我方</translation>
    </message>
    <message>
        <source>Theirs</source>
        <translation>对方</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>The value to keep of the selected field (JSON; a text as it is; empty: removed)</source>
        <translation>所选字段要保留的值（JSON；文本直接输入；留空表示删除）</translation>
    </message>
    <message>
        <source>Save and Mark Resolved</source>
        <translation>保存并标记为已解决</translation>
    </message>
    <message>
        <source>Keep All &amp;Ours</source>
        <translation>全部保留我方(&amp;O)</translation>
    </message>
    <message>
        <source>Keep All &amp;Theirs</source>
        <translation>全部保留对方(&amp;T)</translation>
    </message>
    <message>
        <source>Value kept:</source>
        <translation>保留的值：</translation>
    </message>
    <message>
        <source>The file as it will be saved:</source>
        <translation>将要保存的文件：</translation>
    </message>
    <message>
        <source>Common ancestor&apos;s</source>
        <translation>共同祖先的版本</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>已编辑</translation>
    </message>
    <message>
        <source>The value of %1 is not JSON yet.</source>
        <translation>%1 的值还不是有效的 JSON。</translation>
    </message>
    <message>
        <source>Not saved: the value of %1 is not JSON.</source>
        <translation>未保存：%1 的值不是有效的 JSON。</translation>
    </message>
</context>
<context>
    <name>Errata::ConflictResolver</name>
    <message>
        <source>Resolve &amp;Merge Conflict…</source>
        <translation>解决合并冲突(&amp;M)…</translation>
    </message>
    <message>
        <source>Merge a record file that git left in conflict, field by field</source>
        <translation>逐字段合并 git 留下冲突的记录文件</translation>
    </message>
    <message>
        <source>Resolve Merge Conflict</source>
        <translation>解决合并冲突</translation>
    </message>
    <message>
        <source>Record file in conflict:</source>
        <translation>有冲突的记录文件：</translation>
    </message>
    <message>
        <source>%1: the conflict is resolved and the file staged.</source>
        <translation>%1：冲突已解决，文件已暂存。</translation>
    </message>
</context>
<context>
    <name>Errata::ConflictSession</name>
    <message>
        <source>%1, %2 version, line %3: %4</source>
        <translation>%1，%2版本，第 %3 行：%4</translation>
    </message>
    <message>
        <source>%1 was deleted on one side and changed on the other: keep it or delete it with git</source>
        <translation>%1 在一方被删除、在另一方被修改：请用 git 保留或删除它</translation>
    </message>
    <message>
        <source>common ancestor&apos;s</source>
        <translation>共同祖先的</translation>
    </message>
    <message>
        <source>our</source>
        <translation>我方的</translation>
    </message>
    <message>
        <source>their</source>
        <translation>对方的</translation>
    </message>
    <message>
        <source>Not saved: the merged record has errors. First: %1 (%2)</source>
        <translation>未保存：合并后的记录有错误。第一个：%1（%2）</translation>
    </message>
</context>
<context>
    <name>Errata::DeletedRecordRestorer</name>
    <message>
        <source>Res&amp;tore Deleted Record…</source>
        <translation>恢复已删除的记录(&amp;T)…</translation>
    </message>
    <message>
        <source>Bring back a record file deleted since the last commit, as the commit has it</source>
        <translation>按上次提交中的内容，恢复自上次提交以来删除的记录文件</translation>
    </message>
    <message>
        <source>Restore Deleted Record</source>
        <translation>恢复已删除的记录</translation>
    </message>
    <message>
        <source>No KB is open.</source>
        <translation>没有打开的知识库。</translation>
    </message>
    <message>
        <source>%1 restored from the last commit.</source>
        <translation>已从上次提交恢复 %1。</translation>
    </message>
    <message>
        <source>%1 was deleted since the last commit (%2).
Restore it as the last commit has it?</source>
        <translation>%1 自上次提交以来已被删除（%2）。
按上次提交中的内容恢复它吗？</translation>
    </message>
    <message>
        <source>Record file deleted since the last commit:</source>
        <translation>自上次提交以来删除的记录文件：</translation>
    </message>
</context>
<context>
    <name>Errata::DiskWatch</name>
    <message>
        <source>%1 changed on disk and was reloaded.</source>
        <translation>%1 在磁盘上已更改，已重新加载。</translation>
    </message>
    <message>
        <source>The file of %1 was removed on disk.</source>
        <translation>%1 的文件已从磁盘上删除。</translation>
    </message>
    <message>
        <source>New record on disk: %1</source>
        <translation>磁盘上出现新记录：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>Errata::EditSession</name>
    <message>
        <source>Not saved: the record has errors. First: %1 (%2)</source>
        <translation>未保存：记录有错误。第一个错误：%1（%2）</translation>
    </message>
    <message>
        <source>This record has never been saved; there is no file to go back to.</source>
        <translation>这条记录从未保存过，没有可以恢复到的文件。</translation>
    </message>
</context>
<context>
    <name>Errata::FieldBindings</name>
    <message>
        <source>Edit %1</source>
        <translation>编辑%1</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Clear %1</source>
        <translation>清除%1</translation>
    </message>
</context>
<context>
    <name>Errata::FindingCap</name>
    <message>
        <source>… and %1 more findings of rule %2 in this file (at most %3 of one rule and %4 in all are listed)</source>
        <translation>……此文件中另有 %1 条规则 %2 的发现未列出（每条规则最多列出 %3 条，总共最多 %4 条）</translation>
    </message>
</context>
<context>
    <name>Errata::GitConflictStages</name>
    <message>
        <source>%1 is in no git checkout</source>
        <translation>%1 不在任何 git 检出中</translation>
    </message>
    <message>
        <source>%1 is not in conflict in git&apos;s index</source>
        <translation>%1 在 git 索引中没有冲突</translation>
    </message>
    <message>
        <source>cannot stage %1: %2</source>
        <translation>无法暂存 %1：%2</translation>
    </message>
</context>
<context>
    <name>Errata::GitRestore</name>
    <message>
        <source>cannot make the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>%1: not in the last commit, nothing to restore</source>
        <translation>%1：上次提交中没有该文件，无可恢复</translation>
    </message>
    <message>
        <source>%1: cannot read it from the last commit: %2</source>
        <translation>%1：无法从上次提交中读取：%2</translation>
    </message>
    <message>
        <source>%1: cannot write it: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>%1: written, but not put back in git&apos;s index: %2</source>
        <translation>%1：已写入，但未能放回 git 的索引：%2</translation>
    </message>
</context>
<context>
    <name>Errata::GitStatus</name>
    <message>
        <source>HEAD detached at %1</source>
        <translation>HEAD 游离于 %1</translation>
    </message>
    <message>
        <source>cannot read the state of the git checkout: %1</source>
        <translation>无法读取 git 检出的状态：%1</translation>
    </message>
    <message>
        <source>modified</source>
        <translation>已修改</translation>
    </message>
    <message>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <source>untracked</source>
        <translation>未跟踪</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>renamed</source>
        <translation>已重命名</translation>
    </message>
    <message>
        <source>conflicted</source>
        <translation>有冲突</translation>
    </message>
    <message>
        <source>unknown revision &quot;%1&quot;: %2</source>
        <translation>未知的修订版本“%1”：%2</translation>
    </message>
    <message>
        <source>the records in the git submodule %1 are not covered: git&apos;s state of this checkout does not look into submodules</source>
        <translation>git 子模块 %1 中的记录未涵盖：此检出的 git 状态不会查看子模块</translation>
    </message>
    <message>
        <source>%1 deleted and %2 new record files were not all compared for renames: past git&apos;s rename limit (diff.renameLimit, %3) only files of identical content are paired, so some of them may be renames of changed files</source>
        <translation>%1 个已删除和 %2 个新增的记录文件未全部比较以检测重命名：超过 git 的重命名上限（diff.renameLimit，%3）后只配对内容完全相同的文件，因此其中一些可能是内容有改动的文件的重命名</translation>
    </message>
</context>
<context>
    <name>Errata::GitSummaryCache</name>
    <message>
        <source>cannot make the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
</context>
<context>
    <name>Errata::GraphDock</name>
    <message>
        <source>Graph</source>
        <translation>关系图</translation>
    </message>
    <message>
        <source>&amp;Depth:</source>
        <translation>深度(&amp;D)：</translation>
    </message>
    <message>
        <source>How many links away from the record to show</source>
        <translation>显示距离该记录多少层链接以内的记录</translation>
    </message>
    <message>
        <source>−</source>
        <translation>−</translation>
    </message>
    <message>
        <source>Zoom out (-, Ctrl+wheel)</source>
        <translation>缩小（-，Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>+</source>
        <translation>+</translation>
    </message>
    <message>
        <source>Zoom in (+, Ctrl+wheel)</source>
        <translation>放大（+，Ctrl+滚轮）</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Show the whole graph (F or 0)</source>
        <translation>显示整张关系图（F 或 0）</translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>Export the graph as a PNG image</source>
        <translation>将关系图导出为 PNG 图片</translation>
    </message>
    <message>
        <source>SVG…</source>
        <translation>SVG…</translation>
    </message>
    <message>
        <source>Export the graph as an SVG drawing</source>
        <translation>将关系图导出为 SVG 矢量图</translation>
    </message>
    <message>
        <source>Open a record to see its links.</source>
        <translation>打开一条记录以查看它的链接。</translation>
    </message>
    <message>
        <source>No record %1.</source>
        <translation>没有记录 %1。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln link(s)</source>
        <translation>
            <numerusform>%Ln 个链接</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dangling</source>
        <translation>
            <numerusform>%Ln 个悬空</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Links of %1</source>
        <translation>%1 的链接</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export Graph</source>
        <translation>导出关系图</translation>
    </message>
</context>
<context>
    <name>Errata::GraphScene</name>
    <message>
        <source>not in this KB</source>
        <translation>不在此知识库中</translation>
    </message>
    <message>
        <source>%1
Not in this KB: links to it dangle.</source>
        <translation>%1
不在此知识库中：指向它的链接是悬空的。</translation>
    </message>
    <message>
        <source>%1
%2
Double-click to open.</source>
        <translation>%1
%2
双击打开。</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message>
        <source>%1 links to itself</source>
        <translation>%1 链接到自身</translation>
    </message>
    <message>
        <source>Domains:</source>
        <translation>领域：</translation>
    </message>
    <message>
        <source>Links:</source>
        <translation>链接：</translation>
    </message>
    <message>
        <source>leads to</source>
        <translation>可能引发</translation>
    </message>
    <message>
        <source>preceded by</source>
        <translation>前置错误</translation>
    </message>
    <message>
        <source>often confused with</source>
        <translation>易混淆</translation>
    </message>
    <message>
        <source>to a missing record</source>
        <translation>指向不存在的记录</translation>
    </message>
</context>
<context>
    <name>Errata::KnowledgeBaseLoader</name>
    <message>
        <source>a FIFO</source>
        <translation>命名管道（FIFO）</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>a device</source>
        <translation>设备文件</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a special file</source>
        <translation>特殊文件</translation>
    </message>
    <message>
        <source>not loaded: a link loop</source>
        <translation>未加载：符号链接循环</translation>
    </message>
    <message>
        <source>not loaded: a dangling link (to %1)</source>
        <translation>未加载：悬空的符号链接（指向 %1）</translation>
    </message>
    <message>
        <source>not loaded: cannot follow the link (to %1): %2</source>
        <translation>未加载：无法解析符号链接（指向 %1）：%2</translation>
    </message>
    <message>
        <source>not read: a link to a folder (links to folders are not followed, so no record behind it is loaded)</source>
        <translation>未读取：指向文件夹的符号链接（不跟随指向文件夹的链接，其后的记录均不加载）</translation>
    </message>
    <message>
        <source>not loaded: a link that leads out of the KB folder (to %1)</source>
        <translation>未加载：符号链接指向知识库文件夹之外（指向 %1）</translation>
    </message>
    <message>
        <source>not loaded: a link to %1, not to a regular file</source>
        <translation>未加载：符号链接指向%1，而不是普通文件</translation>
    </message>
    <message>
        <source>not loaded: %1, not a regular file</source>
        <translation>未加载：这是%1，而不是普通文件</translation>
    </message>
    <message>
        <source>not read: the folder name is not valid UTF-8 (shown with \x escapes)</source>
        <translation>未读取：文件夹名称不是有效的 UTF-8（以 \x 转义显示）</translation>
    </message>
    <message>
        <source>not loaded: the file name is not valid UTF-8 (shown with \x escapes)</source>
        <translation>未加载：文件名不是有效的 UTF-8（以 \x 转义显示）</translation>
    </message>
    <message>
        <source>not loaded: the file is gone</source>
        <translation>未加载：文件已不存在</translation>
    </message>
    <message>
        <source>the KB folder is inside %1, the folder where git keeps its own data: git never tracks the records in it (open the folder of the checkout instead)</source>
        <translation>知识库文件夹位于 %1 之内，那是 git 存放自身数据的文件夹：git 从不跟踪其中的记录（请改为打开检出的文件夹）</translation>
    </message>
    <message>
        <source>not read: the folder cannot be listed (%1), so no record in it is loaded</source>
        <translation>未读取：无法列出该文件夹（%1），因此其中的记录都未加载</translation>
    </message>
</context>
<context>
    <name>Errata::KnowledgeBaseStatus</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s)</source>
        <translation>
            <numerusform>%Ln 条记录</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln error(s)</source>
        <translation>
            <numerusform>%Ln 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>%Ln 个警告</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 (checking…)</source>
        <comment>the counts so far, while records are checked</comment>
        <translation>%1，%2（检查中…）</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>the status bar&apos;s count of errors, then of warnings</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Checking the records of %1…</source>
        <translation>正在检查 %1 中的记录…</translation>
    </message>
    <message>
        <source>Indexing %1 for search…</source>
        <translation>正在为 %1 建立搜索索引…</translation>
    </message>
    <message>
        <source>This folder looks like deadends.dev canons, not Errata records: convert them with &quot;errata import-deadends %1 DST&quot; and open DST.</source>
        <translation>此文件夹看起来是 deadends.dev 的 canon 文件，而不是 Errata 记录：请用“errata import-deadends %1 DST”转换，然后打开 DST。</translation>
    </message>
    <message>
        <source>%1: no changes</source>
        <comment>git branch</comment>
        <translation>%1：无改动</translation>
    </message>
    <message numerus="yes">
        <source>%1: %Ln changed</source>
        <comment>git branch: changed records</comment>
        <translation>
            <numerusform>%1：%Ln 处改动</numerusform>
        </translation>
    </message>
    <message>
        <source>Branch %1</source>
        <translation>分支 %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln record file(s) %1</source>
        <translation>
            <numerusform>%Ln 个记录文件%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Search &quot;changed&quot; or &quot;git:modified&quot; to list them.</source>
        <translation>搜索“changed”或“git:modified”即可列出它们。</translation>
    </message>
</context>
<context>
    <name>Errata::LinkListEditor</name>
    <message>
        <source>Add a link: type an id or words of a signature, then pick a record or press Enter</source>
        <translation>添加链接：输入 ID 或错误签名中的词语，然后选择一条记录或按 Enter</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected links</source>
        <translation>移除选中的链接</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move the current link up</source>
        <translation>将当前链接上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Move the current link down</source>
        <translation>将当前链接下移</translation>
    </message>
    <message>
        <source>Convert to object</source>
        <translation>转换为对象</translation>
    </message>
    <message>
        <source>Write the selected bare id strings as objects, which can hold more than the id</source>
        <translation>将选中的纯 ID 字符串写成对象，对象中除 ID 外还可以包含更多信息</translation>
    </message>
    <message>
        <source>Add reciprocal link</source>
        <translation>添加反向链接</translation>
    </message>
    <message>
        <source>Add the link back (%1) to the target record, as an undoable edit there</source>
        <translation>在目标记录中添加指回的链接（%1），作为那里一次可撤销的编辑</translation>
    </message>
    <message>
        <source>Open target</source>
        <translation>打开目标</translation>
    </message>
    <message>
        <source>Open the record this link points to</source>
        <translation>打开此链接指向的记录</translation>
    </message>
    <message>
        <source>A record cannot link to itself.</source>
        <translation>记录不能链接到自身。</translation>
    </message>
    <message>
        <source>%1 is already listed.</source>
        <translation>%1 已在列表中。</translation>
    </message>
    <message>
        <source>Add link to %1</source>
        <translation>添加指向 %1 的链接</translation>
    </message>
    <message>
        <source>No record %1 in this KB yet: the link dangles.</source>
        <translation>此知识库中还没有记录 %1：这是一个悬空链接。</translation>
    </message>
</context>
<context>
    <name>Errata::LinkTargetModel</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>Errata::LogFileDialog</name>
    <message>
        <source>Open Log</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt *.out);;All files (*)</source>
        <translation>日志 (*.log *.txt *.out);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a folder, a FIFO or a device), so it is not opened here. Paste its text instead.</source>
        <translation>%1 不是普通文件（而是文件夹、命名管道或设备），因此不在此处打开。请改为粘贴其文本。</translation>
    </message>
</context>
<context>
    <name>Errata::LogMatchModel</name>
    <message numerus="yes">
        <source>%1
Score %2: longest literal %3 characters, %4, %Ln match(es) in the log</source>
        <translation>
            <numerusform>%1
得分 %2：最长字面量 %3 个字符，%4，日志中共 %Ln 处匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>signature found</source>
        <translation>找到了错误签名</translation>
    </message>
    <message>
        <source>signature not found</source>
        <translation>未找到错误签名</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Signature / line</source>
        <translation>错误签名 / 行</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行数</translation>
    </message>
</context>
<context>
    <name>Errata::LogMatcher</name>
    <message>
        <source>the regex does not compile: %1</source>
        <translation>正则表达式无法编译：%1</translation>
    </message>
    <message>
        <source>the regex matches the empty string, so it would match every log</source>
        <translation>该正则表达式能匹配空字符串，因此会匹配任何日志</translation>
    </message>
    <message>
        <source>%1 of %2 regexes do not fit the fast path&apos;s memory budget (%3 bytes each), so they are searched one by one.</source>
        <translation>%2 个正则表达式中有 %1 个超出了快速路径的内存预算（每个 %3 字节），因此逐个搜索。</translation>
    </message>
    <message>
        <source>The literal scanner would need %1 bytes, more than the memory budget of %2 bytes, so %3 regexes are searched one by one.</source>
        <translation>字面量扫描器需要 %1 字节，超过了 %2 字节的内存预算，因此 %3 个正则表达式逐个搜索。</translation>
    </message>
    <message>
        <source>The %1 regexes without a required literal or that can span lines do not fit in one RE2::Set within the memory budget: each is searched over the whole log (when its literals occur in it).</source>
        <translation>%1 个没有必需字面量或可能跨行的正则表达式无法在内存预算内放入一个 RE2::Set：每个都会在整份日志中搜索（当日志中出现其字面量时）。</translation>
    </message>
    <message>
        <source>The whole-text RE2::Set of %1 regexes failed (%2), so each of them that could match was searched one by one.</source>
        <translation>包含 %1 个正则表达式的全文 RE2::Set 失败（%2），因此其中可能匹配的每一个都逐个搜索了。</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>inconsistent result</source>
        <translation>结果不一致</translation>
    </message>
    <message>
        <source>Every regex was searched one by one over the whole log (the reference search).</source>
        <translation>每个正则表达式都在整份日志中逐个搜索（参考搜索）。</translation>
    </message>
    <message>
        <source>too slow to search the whole log at once (about %1 s; the budget is %2 s per regex): searched in pieces of 32 KiB in %3 s, so a match that spans two pieces may be missing</source>
        <translation>太慢，无法一次搜索整份日志（约需 %1 秒；每个正则表达式的预算为 %2 秒）：已按 32 KiB 分段搜索，用时 %3 秒，因此跨越两段的匹配可能缺失</translation>
    </message>
    <message>
        <source>too slow on this log: stopped after %1 s (the budget is %2 s per regex); its results may be incomplete</source>
        <translation>在这份日志上太慢：%1 秒后已停止（每个正则表达式的预算为 %2 秒）；其结果可能不完整</translation>
    </message>
    <message numerus="yes">
        <source>The whole-text RE2::Set of %n regex(es) would take about %1 s on this log, more than the budget of %2 s per regex, so each of them that could match was searched one by one.</source>
        <translation>
            <numerusform>包含 %n 个正则表达式的全文 RE2::Set 在这份日志上约需 %1 秒，超过每个正则表达式 %2 秒的预算，因此其中可能匹配的每一个都逐个搜索了。</numerusform>
        </translation>
    </message>
    <message>
        <source>not searched: the budget of the whole search (%1 s) was spent before its turn</source>
        <translation>未搜索：轮到它之前，整个搜索的预算（%1 秒）已用完</translation>
    </message>
    <message>
        <source>stopped after %1 s, when the budget of the whole search (%2 s) was spent; its results may be incomplete</source>
        <translation>%1 秒后已停止，此时整个搜索的预算（%2 秒）已用完；其结果可能不完整</translation>
    </message>
    <message numerus="yes">
        <source>The whole-text RE2::Set of %n regex(es) would take about %1 s on this log, more than was left of the whole match&apos;s budget, so each of them that could match was searched one by one.</source>
        <translation>
            <numerusform>包含 %n 个正则表达式的全文 RE2::Set 在这份日志上约需 %1 秒，超过整个匹配剩余的预算，因此其中可能匹配的每一个都逐个搜索了。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::LogMatcherDock</name>
    <message>
        <source>Log Matcher</source>
        <translation>日志匹配</translation>
    </message>
    <message>
        <source>Ignore &amp;case</source>
        <translation>忽略大小写(&amp;C)</translation>
    </message>
    <message>
        <source>No log yet.</source>
        <translation>还没有日志。</translation>
    </message>
    <message>
        <source>&amp;Open Log…</source>
        <translation>打开日志(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Paste Log</source>
        <translation>粘贴日志(&amp;P)</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>清空(&amp;L)</translation>
    </message>
    <message>
        <source>Replace the log with the text on the clipboard</source>
        <translation>用剪贴板中的文本替换日志</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop matching (Esc)</source>
        <translation>停止匹配（Esc）</translation>
    </message>
    <message>
        <source>Paste a whole log here (or open a log file): every known error in it is listed on the right, most specific first.</source>
        <translation>在此粘贴整份日志（或打开日志文件）：其中每个已知错误都会列在右侧，最具体的排在最前。</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is larger than %2 MB.</source>
        <translation>%1 大于 %2 MB。</translation>
    </message>
    <message>
        <source>%1 (%2 MB) is matched but too big to show here. Paste or type to replace it.</source>
        <translation>已对 %1（%2 MB）进行匹配，但它太大，无法在此显示。粘贴或输入文本即可替换它。</translation>
    </message>
    <message>
        <source>Open Log</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Matching…</source>
        <translation>正在匹配…</translation>
    </message>
    <message numerus="yes">
        <source>Preparing the regexes of %Ln record(s)…</source>
        <translation>
            <numerusform>正在准备 %Ln 条记录的正则表达式…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelled. Edit the log or press Paste Log to match again.</source>
        <translation>已取消。编辑日志或点击“粘贴日志”即可重新匹配。</translation>
    </message>
    <message>
        <source>%1 of %2 records match · %3 lines, %4 · %5 ms</source>
        <translation>%2 条记录中有 %1 条匹配 · %3 行，%4 · %5 毫秒</translation>
    </message>
    <message numerus="yes">
        <source>%Ln record(s) not tried</source>
        <translation>
            <numerusform>%Ln 条记录未尝试</numerusform>
        </translation>
    </message>
    <message>
        <source>slow path used</source>
        <translation>使用了慢速路径</translation>
    </message>
    <message numerus="yes">
        <source>%Ln similar record(s)</source>
        <translation>
            <numerusform>%Ln 条相似记录</numerusform>
        </translation>
    </message>
    <message>
        <source>No regex matched. Similar records, like the errors in this log:</source>
        <translation>没有正则表达式匹配。与此日志中的错误相似的记录：</translation>
    </message>
    <message>
        <source>Similar records, like the errors in this log but not matched by their regex:</source>
        <translation>与此日志中的错误相似、但其正则表达式未匹配的记录：</translation>
    </message>
    <message numerus="yes">
        <source>%Ln regex(es) too slow on this log, results may be incomplete</source>
        <translation>
            <numerusform>%Ln 个正则表达式在这份日志上太慢，结果可能不完整</numerusform>
        </translation>
    </message>
    <message>
        <source>The regex of %1 was %2.</source>
        <translation>%1 的正则表达式%2。</translation>
    </message>
</context>
<context>
    <name>Errata::LogReader</name>
    <message>
        <source>the log is larger than %1, the most read from a file</source>
        <translation>日志大于 %1，即从文件读取的上限</translation>
    </message>
    <message>
        <source>the log is larger than %1, the most read from standard input, a pipe or a device</source>
        <translation>日志大于 %1，即从标准输入、管道或设备读取的上限</translation>
    </message>
    <message>
        <source>a folder, not a file</source>
        <translation>是文件夹，而不是文件</translation>
    </message>
</context>
<context>
    <name>Errata::LookupHitModel</name>
    <message>
        <source>exact</source>
        <translation>确切</translation>
    </message>
    <message>
        <source>likely</source>
        <translation>很可能</translation>
    </message>
    <message>
        <source>related</source>
        <translation>相关</translation>
    </message>
    <message>
        <source>%1 · %2 · score %3</source>
        <translation>%1 · %2 · 得分 %3</translation>
    </message>
    <message>
        <source>Its regex matches line %1 as written: %2</source>
        <translation>其正则表达式按原样匹配第 %1 行：%2</translation>
    </message>
    <message>
        <source>Its regex matches line %1 ignoring case: %2</source>
        <translation>其正则表达式忽略大小写后匹配第 %1 行：%2</translation>
    </message>
    <message>
        <source>Its regex does not match.</source>
        <translation>其正则表达式不匹配。</translation>
    </message>
    <message>
        <source>Signature found: %1%</source>
        <translation>文本中找到的签名：%1%</translation>
    </message>
    <message>
        <source>Shared words: %1</source>
        <translation>共同的词：%1</translation>
    </message>
    <message>
        <source>Same environment: %1</source>
        <translation>相同的环境：%1</translation>
    </message>
</context>
<context>
    <name>Errata::LookupPanel</name>
    <message numerus="yes">
        <source>Lookup: %Ln record(s) like this error</source>
        <translation>
            <numerusform>查找：%Ln 条记录与此错误相似</numerusform>
        </translation>
    </message>
    <message>
        <source>Lookup: no record is like this error</source>
        <translation>查找：没有与此错误相似的记录</translation>
    </message>
    <message>
        <source>Search words instead</source>
        <translation>改为按词搜索</translation>
    </message>
    <message numerus="yes">
        <source>Compared by %n line(s) of the text:</source>
        <translation>
            <numerusform>按文本中的 %n 行比较：</numerusform>
        </translation>
    </message>
    <message>
        <source>Search words instead: search the text in the field word by word, as typed. Esc clears the field.</source>
        <translation>改为按词搜索：按输入的词逐个搜索框中的文本。按 Esc 清空搜索框。</translation>
    </message>
    <message>
        <source>Lookup: indexing the records; the results follow in a moment</source>
        <translation>查询：正在为记录建立索引，结果稍后显示</translation>
    </message>
    <message numerus="yes">
        <source>%Ln regex(es) stopped for time, the answer may be incomplete</source>
        <translation>
            <numerusform>%Ln 个正则表达式因超时而停止，结果可能不完整</numerusform>
        </translation>
    </message>
    <message>
        <source>the regex of %1 was %2</source>
        <translation>%1 的正则表达式%2</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>以及另外 %n 个</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::MainWindow</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open KB Folder…</source>
        <translation>打开知识库文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>重新加载(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Find Record</source>
        <translation>查找记录(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Close Tab</source>
        <translation>关闭标签页(&amp;C)</translation>
    </message>
    <message>
        <source>Translation &amp;Review</source>
        <translation>翻译审校(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Errata</source>
        <translation>关于 Errata(&amp;A)</translation>
    </message>
    <message>
        <source>About Errata</source>
        <translation>关于 Errata</translation>
    </message>
    <message>
        <source>&lt;b&gt;Errata&lt;/b&gt; %1&lt;br&gt;Curate a knowledge base of error records.</source>
        <translation>&lt;b&gt;Errata&lt;/b&gt; %1&lt;br&gt;整理和维护错误记录知识库。</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit Record</source>
        <translation>编辑记录(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Save Record</source>
        <translation>保存记录(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;All</source>
        <translation>全部保存(&amp;A)</translation>
    </message>
    <message>
        <source>Re&amp;vert Record</source>
        <translation>还原记录(&amp;V)</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>设置(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Record</source>
        <translation>记录(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;New Record…</source>
        <translation>新建记录(&amp;N)…</translation>
    </message>
    <message>
        <source>D&amp;uplicate Record…</source>
        <translation>复制记录(&amp;U)…</translation>
    </message>
    <message>
        <source>Re&amp;name Record…</source>
        <translation>重命名记录(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Delete Record…</source>
        <translation>删除记录(&amp;D)…</translation>
    </message>
    <message>
        <source>Open KB Folder</source>
        <translation>打开知识库文件夹</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>已取消加载 %1。</translation>
    </message>
    <message numerus="yes">
        <source>
… and %Ln more</source>
        <translation>
            <numerusform>
…… 另有 %Ln 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) could not be loaded; see Problems</source>
        <translation>
            <numerusform>%Ln 个文件无法加载，详见“问题”面板</numerusform>
        </translation>
    </message>
    <message>
        <source>No record &quot;%1&quot; in this KB.</source>
        <translation>此知识库中没有记录“%1”。</translation>
    </message>
    <message>
        <source>Errata</source>
        <translation>Errata</translation>
    </message>
    <message>
        <source>%1 — Errata</source>
        <translation>%1 — Errata</translation>
    </message>
    <message>
        <source>&amp;Graph</source>
        <translation>关系图(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Fix Missing &amp;Reciprocal Links…</source>
        <translation>修复缺失的反向链接(&amp;R)…</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Checking the records of %1…</source>
        <translation>正在检查 %1 中的记录…</translation>
    </message>
    <message numerus="yes">
        <source>Checking was cancelled: %Ln record(s) not checked. Reload (F5) checks them.</source>
        <translation>
            <numerusform>检查已取消：%Ln 条记录未检查。重新加载（F5）会检查它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>Open in another window</source>
        <translation>已在另一个窗口中打开</translation>
    </message>
    <message>
        <source>The other window on this KB closed: unsaved edits are kept for recovery again.</source>
        <translation>此知识库的另一个窗口已关闭：未保存的编辑将重新保留以便恢复。</translation>
    </message>
    <message>
        <source>The new settings take effect the next time Errata starts.</source>
        <translation>新的设置将在下次启动 Errata 时生效。</translation>
    </message>
    <message>
        <source>Ctrl+,</source>
        <translation>Ctrl+,</translation>
    </message>
    <message>
        <source>Indexing %1 for lookup…</source>
        <translation>正在为 %1 建立查询索引…</translation>
    </message>
    <message>
        <source>Publish &amp;Site…</source>
        <translation>发布网站(&amp;S)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
</context>
<context>
    <name>Errata::OutcomeBar</name>
    <message>
        <source>Fold into the record</source>
        <translation>并入记录</translation>
    </message>
    <message>
        <source>Fold the reports not yet folded in into the success and fail rates, fix_success_rate and evidence_count: one edit, undone with Undo; noted in the reports file when saved.</source>
        <translation>将尚未并入的报告计入成功率与失败率、fix_success_rate 和 evidence_count：作为一次编辑，可用“撤销”撤回；保存时记入报告文件。</translation>
    </message>
    <message>
        <source>all folded in</source>
        <translation>已全部并入</translation>
    </message>
    <message>
        <source>1 not folded in yet</source>
        <translation>1 条尚未并入</translation>
    </message>
    <message>
        <source>%1 not folded in yet</source>
        <translation>%1 条尚未并入</translation>
    </message>
    <message>
        <source>Lines of the reports file that could not be read:</source>
        <translation>报告文件中无法读取的行：</translation>
    </message>
    <message>
        <source>Every report on this record is folded in already.</source>
        <translation>这条记录的所有报告都已并入。</translation>
    </message>
    <message>
        <source>No report can be folded in: %1</source>
        <translation>没有可以并入的报告：%1</translation>
    </message>
    <message>
        <source>Fold in 1 outcome report</source>
        <translation>并入 1 条结果报告</translation>
    </message>
    <message>
        <source>Fold in %1 outcome reports</source>
        <translation>并入 %1 条结果报告</translation>
    </message>
    <message>
        <source>Not folded in: %1</source>
        <translation>未并入：%1</translation>
    </message>
    <message>
        <source>The fold of outcome reports could not be noted: %1</source>
        <translation>无法记录结果报告的并入：%1</translation>
    </message>
</context>
<context>
    <name>Errata::OutcomeFold</name>
    <message>
        <source>workaround %1 is not in the record</source>
        <translation>记录中没有解决办法 %1</translation>
    </message>
    <message>
        <source>dead end %1 is not in the record</source>
        <translation>记录中没有无效尝试 %1</translation>
    </message>
</context>
<context>
    <name>Errata::OutcomeLog</name>
    <message>
        <source>a report needs &quot;report&quot; and &quot;id&quot; strings</source>
        <translation>报告需要字符串 &quot;report&quot; 和 &quot;id&quot;</translation>
    </message>
    <message>
        <source>&quot;kind&quot; must be &quot;workaround&quot; or &quot;dead_end&quot;</source>
        <translation>&quot;kind&quot; 必须是 &quot;workaround&quot; 或 &quot;dead_end&quot;</translation>
    </message>
    <message>
        <source>&quot;index&quot; must be a whole number of 0 or more</source>
        <translation>&quot;index&quot; 必须是大于或等于 0 的整数</translation>
    </message>
    <message>
        <source>&quot;worked&quot; must be true or false</source>
        <translation>&quot;worked&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <source>&quot;time&quot; must be an ISO 8601 time</source>
        <translation>&quot;time&quot; 必须是 ISO 8601 时间</translation>
    </message>
    <message>
        <source>a fold needs &quot;fold&quot; and &quot;id&quot; strings and a &quot;reports&quot; list</source>
        <translation>并入记录需要字符串 &quot;fold&quot; 和 &quot;id&quot; 以及列表 &quot;reports&quot;</translation>
    </message>
    <message>
        <source>the &quot;reports&quot; of a fold must be strings</source>
        <translation>并入记录的 &quot;reports&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>longer than %1 bytes; skipped</source>
        <translation>超过 %1 字节；已跳过</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>not a report, a fold or an unfold</source>
        <translation>既不是报告，也不是并入或撤回并入</translation>
    </message>
    <message>
        <source>%1 is a symbolic link, not a regular file; nothing is read or written through it</source>
        <translation>%1 是符号链接，不是普通文件；不会通过它读取或写入任何内容</translation>
    </message>
    <message>
        <source>%1 is not a regular file; nothing is read or written through it</source>
        <translation>%1 不是普通文件；不会通过它读取或写入任何内容</translation>
    </message>
    <message>
        <source>%1: the line would be longer than %2 bytes, the most read back; nothing is written</source>
        <translation>%1：该行将超过 %2 字节，即可读回的上限；未写入任何内容</translation>
    </message>
    <message>
        <source>%1 is full: %2, the most read back; the report is not kept. Fold its reports in, then move the file aside (the next report starts a new one)</source>
        <translation>%1 已满：%2，即可读回的上限；该报告未保存。请先并入其中的报告，再将文件移走（下一条报告会新建文件）</translation>
    </message>
    <message>
        <source>%1: only the first %2 are read</source>
        <translation>%1：只读取前 %2</translation>
    </message>
</context>
<context>
    <name>Errata::OutcomeSummary</name>
    <message>
        <source>workaround %1</source>
        <translation>解决办法 %1</translation>
    </message>
    <message>
        <source>dead end %1</source>
        <translation>无效尝试 %1</translation>
    </message>
    <message>
        <source>worked once</source>
        <translation>成功 1 次</translation>
    </message>
    <message>
        <source>worked %1 times</source>
        <translation>成功 %1 次</translation>
    </message>
    <message>
        <source>failed once</source>
        <translation>失败 1 次</translation>
    </message>
    <message>
        <source>failed %1 times</source>
        <translation>失败 %1 次</translation>
    </message>
    <message>
        <source>1 report</source>
        <translation>1 条报告</translation>
    </message>
    <message>
        <source>%1 reports</source>
        <translation>%1 条报告</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>Errata::ProblemListModel</name>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>Errata::ProblemsDock</name>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Errors and warnings</source>
        <translation>错误和警告</translation>
    </message>
    <message>
        <source>All, with infos</source>
        <translation>全部（含提示）</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message numerus="yes">
        <source>%Ln shown</source>
        <translation>
            <numerusform>显示 %Ln 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln in all</source>
        <translation>
            <numerusform>共 %Ln 条</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::PublishSiteDialog</name>
    <message>
        <source>Reading the KB…</source>
        <translation>正在读取知识库…</translation>
    </message>
    <message>
        <source>Checking the records…</source>
        <translation>正在检查记录…</translation>
    </message>
    <message>
        <source>Writing the site…</source>
        <translation>正在写入网站…</translation>
    </message>
    <message>
        <source>Swapping the new site in…</source>
        <translation>正在换上新网站…</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Leave out records with errors</source>
        <translation>不发布有错误的记录(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Publish</source>
        <translation>发布(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Open in Browser</source>
        <translation>在浏览器中打开(&amp;O)</translation>
    </message>
    <message>
        <source>Publish Site</source>
        <translation>发布网站</translation>
    </message>
    <message>
        <source>optional, e.g. https://errors.example.com</source>
        <translation>可选，例如 https://errors.example.com</translation>
    </message>
    <message>
        <source>Site &amp;folder:</source>
        <translation>网站文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation>基础 URL(&amp;B)：</translation>
    </message>
    <message>
        <source>The site is written into a new folder next to this one and swapped in when it is complete: readers never see half a site, and a cancelled run leaves the old one as it was. Files Errata did not write are kept.</source>
        <translation>网站先写入旁边的新文件夹，完成后再整体换上：读者不会看到写了一半的网站，取消时旧网站保持原样。不是 Errata 写入的文件会保留。</translation>
    </message>
    <message>
        <source>Publish the Site into</source>
        <translation>将网站发布到</translation>
    </message>
    <message>
        <source>Choose the folder to publish the site into.</source>
        <translation>请选择要发布网站的文件夹。</translation>
    </message>
    <message>
        <source>The base URL must be an absolute http or https address with a host, such as https://errors.example.com.</source>
        <translation>基础 URL 必须是带主机名的完整 http 或 https 地址，例如 https://errors.example.com。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Cancelled: %1 was left as it was.</source>
        <translation>已取消：%1 保持原样。</translation>
    </message>
    <message>
        <source>The site was not published: %1</source>
        <translation>网站未发布：%1</translation>
    </message>
    <message>
        <source>Published %1 of %2 records: %3 files, %4 written, %5 unchanged, %6 removed, in %7 s.</source>
        <translation>已发布 %2 条记录中的 %1 条：%3 个文件，写入 %4 个，未变 %5 个，删除 %6 个，用时 %7 秒。</translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) with errors left out: %1</source>
        <translation>
            <numerusform>%n 条有错误的记录未发布：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s) with errors shown with a warning: %1</source>
        <translation>
            <numerusform>%n 条有错误的记录带警告发布：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>No sitemap.xml: it needs the base URL.</source>
        <translation>未生成 sitemap.xml：需要基础 URL。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>Errata::ReciprocalLinks</name>
    <message>
        <source>%1 is not a JSON object</source>
        <translation>%1 不是 JSON 对象</translation>
    </message>
    <message>
        <source>the transition_graph of %1 is not an object</source>
        <translation>%1 的 transition_graph 不是对象</translation>
    </message>
    <message>
        <source>%1 of %2 is not a list</source>
        <translation>%2 的 %1 不是列表</translation>
    </message>
    <message>
        <source>%1 already lists %2 in %3</source>
        <translation>%1 的 %3 中已列出 %2</translation>
    </message>
    <message>
        <source>%1 is not in the KB</source>
        <translation>%1 不在知识库中</translation>
    </message>
    <message>
        <source>%1 has unsaved changes; save or revert it first</source>
        <translation>%1 有未保存的更改；请先保存或还原</translation>
    </message>
</context>
<context>
    <name>Errata::ReciprocalLinksDialog</name>
    <message>
        <source>Missing Reciprocal Links</source>
        <translation>缺失的反向链接</translation>
    </message>
    <message>
        <source>These records lack the link back to a record that links to them. The ticked links are added and the changed files are written at once; records with unsaved edits must be saved first. git shows (and can revert) the change.</source>
        <translation>这些记录缺少指回链接到它们的记录的链接。勾选的链接会被添加，改动的文件会立即写入；有未保存编辑的记录须先保存。git 会显示（并可还原）这次改动。</translation>
    </message>
    <message>
        <source>Record to change</source>
        <translation>要修改的记录</translation>
    </message>
    <message>
        <source>Link to add</source>
        <translation>要添加的链接</translation>
    </message>
    <message>
        <source>Because</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>%1 %2 it</source>
        <translation>%1 %2 它</translation>
    </message>
    <message numerus="yes">
        <source>Add %Ln Link(s)</source>
        <translation>
            <numerusform>添加 %Ln 个链接</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::Record</name>
    <message>
        <source>invalid JSON: </source>
        <translation>无效的 JSON：</translation>
    </message>
    <message>
        <source>cannot read the file: </source>
        <translation>无法读取文件：</translation>
    </message>
    <message>
        <source>the file is %1; records larger than %2 are not loaded</source>
        <translation>文件大小为 %1；大于 %2 的记录不会加载</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>JSON nested deeper than %1 levels</source>
        <translation>JSON 嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>a record must be a JSON object, not %1</source>
        <translation>记录必须是 JSON 对象，而不是 %1</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>it was replaced by a link</source>
        <translation>它已被替换为符号链接</translation>
    </message>
    <message>
        <source>duplicate key %1</source>
        <translation>重复的键 %1</translation>
    </message>
    <message>
        <source>duplicate key %1: first at line %2, column %3, again at column %4</source>
        <translation>重复的键 %1：首次出现在第 %2 行第 %3 列，再次出现在第 %4 列</translation>
    </message>
    <message>
        <source>duplicate key %1: first at line %2, again at line %3</source>
        <translation>重复的键 %1：首次出现在第 %2 行，再次出现在第 %3 行</translation>
    </message>
    <message>
        <source>merge conflict, lines %1–%2</source>
        <translation>合并冲突，第 %1–%2 行</translation>
    </message>
    <message numerus="yes">
        <source> (and %n more)</source>
        <translation>
            <numerusform>（另有 %n 处）</numerusform>
        </translation>
    </message>
    <message>
        <source>: the file holds git&apos;s conflict markers; resolve the conflict</source>
        <translation>：文件中有 git 的冲突标记，请先解决冲突</translation>
    </message>
</context>
<context>
    <name>Errata::RecordActions</name>
    <message>
        <source>New Record</source>
        <translation>新建记录</translation>
    </message>
    <message>
        <source>Id of the new record (its file path in the KB):</source>
        <translation>新记录的 ID（即它在知识库中的文件路径）：</translation>
    </message>
    <message>
        <source>Duplicate Record</source>
        <translation>复制记录</translation>
    </message>
    <message>
        <source>Id of the copy:</source>
        <translation>副本的 ID：</translation>
    </message>
    <message>
        <source>Rename Record</source>
        <translation>重命名记录</translation>
    </message>
    <message numerus="yes">
        <source>New id; the file moves and %Ln link(s) to it are rewritten:</source>
        <translation>
            <numerusform>新 ID；文件将被移动，指向它的 %Ln 个链接将被改写：</numerusform>
        </translation>
    </message>
    <message>
        <source>Renamed %1 to %2</source>
        <translation>已将 %1 重命名为 %2</translation>
    </message>
    <message>
        <source>Delete %1 and its file?</source>
        <translation>删除 %1 及其文件？</translation>
    </message>
    <message>
        <source>These records link to it; their links will dangle:
%1</source>
        <translation>以下记录链接到它，这些链接将失效：
%1</translation>
    </message>
    <message>
        <source>Delete Record</source>
        <translation>删除记录</translation>
    </message>
    <message>
        <source>Deleted the record and its file.</source>
        <translation>已删除该记录及其文件。</translation>
    </message>
    <message>
        <source>File changed on disk</source>
        <translation>磁盘上的文件已更改</translation>
    </message>
    <message>
        <source>%1 was changed on disk by someone else since it was opened.

Overwrite it with your version?</source>
        <translation>自打开以来，%1 已被其他人在磁盘上修改。

要用你的版本覆盖它吗？</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>%1 has no changes to save</source>
        <translation>%1 没有需要保存的更改</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Throw away the unsaved changes to %1?</source>
        <translation>放弃对 %1 的未保存更改？</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>These records have unsaved changes:
%1</source>
        <translation>以下记录有未保存的更改：
%1</translation>
    </message>
    <message>
        <source>No record &quot;%1&quot; in this KB.</source>
        <translation>此知识库中没有记录“%1”。</translation>
    </message>
    <message>
        <source>Add Reciprocal Link</source>
        <translation>添加反向链接</translation>
    </message>
    <message>
        <source>Add %1 link to %2</source>
        <translation>添加指向 %2 的“%1”链接</translation>
    </message>
    <message>
        <source>Added %1 %2 to %3 (not saved yet; Ctrl+Z undoes it)</source>
        <translation>已向 %3 添加 %1 %2（尚未保存；按 Ctrl+Z 可撤销）</translation>
    </message>
    <message>
        <source>Missing Reciprocal Links</source>
        <translation>缺失的反向链接</translation>
    </message>
    <message>
        <source>Every leads_to and preceded_by link of this KB has its link back.</source>
        <translation>此知识库中每个 leads_to 和 preceded_by 链接都有对应的反向链接。</translation>
    </message>
    <message>
        <source>Nothing was changed: %1</source>
        <translation>未做任何更改：%1</translation>
    </message>
    <message numerus="yes">
        <source>Added %Ln reciprocal link(s) and saved the records.</source>
        <translation>
            <numerusform>已添加 %Ln 个反向链接并保存了记录。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::RecordCardHtml</name>
    <message>
        <source>Resolvable</source>
        <translation>可解决</translation>
    </message>
    <message>
        <source>Fix success rate</source>
        <translation>修复成功率</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>验证级别</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据数</translation>
    </message>
    <message>
        <source>First seen</source>
        <translation>首次出现</translation>
    </message>
    <message>
        <source>Last confirmed</source>
        <translation>最近确认</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>已过时</translation>
    </message>
    <message>
        <source>Last updated</source>
        <translation>最近更新</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation>根本原因</translation>
    </message>
    <message>
        <source>fails</source>
        <translation>失败率</translation>
    </message>
    <message>
        <source>Dead ends — do not try</source>
        <translation>无效尝试——不要这样做</translation>
    </message>
    <message>
        <source>works</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>Trade-off:</source>
        <translation>代价：</translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation>解决办法</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Operating systems</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Linked from</source>
        <translation>被以下记录引用</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Error code:</source>
        <translation>错误码：</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>(not in this KB)</source>
        <translation>（不在此知识库中）</translation>
    </message>
    <message>
        <source>Leads to</source>
        <translation>可能引发</translation>
    </message>
    <message>
        <source>Preceded by</source>
        <translation>前置错误</translation>
    </message>
    <message>
        <source>Often confused with</source>
        <translation>易混淆的错误</translation>
    </message>
    <message>
        <source>add reciprocal link: %1 in %2</source>
        <translation>添加反向链接：在 %2 中添加 %1</translation>
    </message>
    <message>
        <source>add reciprocal link: %1 here</source>
        <translation>添加反向链接：在此添加 %1</translation>
    </message>
    <message>
        <source>after</source>
        <translation>间隔</translation>
    </message>
    <message>
        <source>Regex:</source>
        <translation>正则表达式：</translation>
    </message>
    <message>
        <source>Also seen as:</source>
        <translation>其他常见形式：</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>标签：</translation>
    </message>
</context>
<context>
    <name>Errata::RecordEditor</name>
    <message>
        <source>&amp;Record</source>
        <translation>记录(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Versions &amp;&amp; OS</source>
        <translation>版本和操作系统(&amp;V)</translation>
    </message>
    <message>
        <source>What people try that does not fix the error.</source>
        <translation>人们常做、但并不能修复此错误的尝试。</translation>
    </message>
    <message>
        <source>&amp;Dead ends</source>
        <translation>无效尝试(&amp;D)</translation>
    </message>
    <message>
        <source>What fixes it; the Chinese column is workarounds_zh.</source>
        <translation>能修复它的办法；“中文”列即 workarounds_zh。</translation>
    </message>
    <message>
        <source>&amp;Workarounds</source>
        <translation>解决办法(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Links</source>
        <translation>链接(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Trust &amp;&amp; docs</source>
        <translation>可信度和文档(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;JSON</source>
        <translation>&amp;JSON</translation>
    </message>
    <message>
        <source>C&amp;hanges</source>
        <translation>更改(&amp;H)</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>The id is the file path; rename a record from the Record menu.</source>
        <translation>ID 就是文件路径；请通过“记录”菜单重命名记录。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Id:</source>
        <translation>ID：</translation>
    </message>
    <message>
        <source>Domain:</source>
        <translation>领域：</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>类别：</translation>
    </message>
    <message>
        <source>Subcategory:</source>
        <translation>子类别：</translation>
    </message>
    <message>
        <source>Locale:</source>
        <translation>语言区域：</translation>
    </message>
    <message>
        <source>tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Tags (one per line):</source>
        <translation>标签（每行一个）：</translation>
    </message>
    <message>
        <source>aliases</source>
        <translation>别名</translation>
    </message>
    <message>
        <source>Aliases (one per line):</source>
        <translation>别名（每行一个）：</translation>
    </message>
    <message>
        <source>Signature and regex</source>
        <translation>错误签名和正则表达式</translation>
    </message>
    <message>
        <source>signature</source>
        <translation>错误签名</translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation>错误签名：</translation>
    </message>
    <message>
        <source>Chinese signature</source>
        <translation>中文错误签名</translation>
    </message>
    <message>
        <source>Signature (中文):</source>
        <translation>错误签名（中文）：</translation>
    </message>
    <message>
        <source>regex</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <source>Regex (RE2):</source>
        <translation>正则表达式（RE2）：</translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation>根本原因</translation>
    </message>
    <message>
        <source>root cause</source>
        <translation>根本原因</translation>
    </message>
    <message>
        <source>Root cause:</source>
        <translation>根本原因：</translation>
    </message>
    <message>
        <source>root cause type</source>
        <translation>根本原因类型</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>Chinese root cause</source>
        <translation>中文根本原因</translation>
    </message>
    <message>
        <source>Root cause (中文):</source>
        <translation>根本原因（中文）：</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Introduced</source>
        <translation>引入于</translation>
    </message>
    <message>
        <source>Deprecated</source>
        <translation>弃用于</translation>
    </message>
    <message>
        <source>Removed</source>
        <translation>移除于</translation>
    </message>
    <message>
        <source>Behavior change</source>
        <translation>行为变化</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>做法</translation>
    </message>
    <message>
        <source>Why it fails</source>
        <translation>失败原因</translation>
    </message>
    <message>
        <source>Fail rate</source>
        <translation>失败率</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Success rate</source>
        <translation>成功率</translation>
    </message>
    <message>
        <source>How</source>
        <translation>具体步骤</translation>
    </message>
    <message>
        <source>Trade-off</source>
        <translation>代价</translation>
    </message>
    <message>
        <source>Chinese (workarounds_zh)</source>
        <translation>中文（workarounds_zh）</translation>
    </message>
    <message>
        <source>Target id</source>
        <translation>目标 ID</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Typical delay</source>
        <translation>典型间隔</translation>
    </message>
    <message>
        <source>Distinction</source>
        <translation>区别</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add a row</source>
        <translation>添加一行</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Remove the selected rows</source>
        <translation>删除所选的行</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Duplicate the current row</source>
        <translation>复制当前行</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move the current row up</source>
        <translation>将当前行上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Move the current row down</source>
        <translation>将当前行下移</translation>
    </message>
    <message>
        <source>Versions: a package with a specifier, such as torch&gt;=2.0.</source>
        <translation>版本：包名加版本约束，例如 torch&gt;=2.0。</translation>
    </message>
    <message>
        <source>Notes for one operating system each (linux, windows, macos).</source>
        <translation>每个操作系统一条说明（linux、windows、macos）。</translation>
    </message>
    <message>
        <source>Leads to: errors that often follow this one.</source>
        <translation>可能引发：常在此错误之后出现的错误。</translation>
    </message>
    <message>
        <source>Preceded by: errors that often come before this one.</source>
        <translation>前置错误：常在此错误之前出现的错误。</translation>
    </message>
    <message>
        <source>Often confused with: similar errors, and how to tell them apart.</source>
        <translation>易混淆的错误：相似的错误，以及如何区分它们。</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>可信度</translation>
    </message>
    <message>
        <source>verification tier</source>
        <translation>验证级别</translation>
    </message>
    <message>
        <source>Verification tier:</source>
        <translation>验证级别：</translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation>置信度：</translation>
    </message>
    <message>
        <source>Fix success rate:</source>
        <translation>修复成功率：</translation>
    </message>
    <message>
        <source>resolvable</source>
        <translation>可解决</translation>
    </message>
    <message>
        <source>Resolvable:</source>
        <translation>可解决：</translation>
    </message>
    <message>
        <source>evidence count</source>
        <translation>证据数</translation>
    </message>
    <message>
        <source>Evidence count:</source>
        <translation>证据数：</translation>
    </message>
    <message>
        <source>First seen:</source>
        <translation>首次出现：</translation>
    </message>
    <message>
        <source>Last confirmed:</source>
        <translation>最近确认：</translation>
    </message>
    <message>
        <source>Last updated:</source>
        <translation>最近更新：</translation>
    </message>
    <message>
        <source>Confirmed today</source>
        <translation>今天已确认</translation>
    </message>
    <message>
        <source>Set %1 to today</source>
        <translation>将%1设为今天</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Official URL:</source>
        <translation>官方文档 URL：</translation>
    </message>
    <message>
        <source>Section:</source>
        <translation>章节：</translation>
    </message>
    <message>
        <source>Error code:</source>
        <translation>错误码：</translation>
    </message>
    <message>
        <source>Other keys (kept as they are)</source>
        <translation>其他键（原样保留）</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>无。</translation>
    </message>
    <message>
        <source>The record cannot be written: %1</source>
        <translation>无法写出此记录：%1</translation>
    </message>
    <message>
        <source>No changes against the file on disk.</source>
        <translation>与磁盘上的文件相比没有更改。</translation>
    </message>
    <message>
        <source>Linked from</source>
        <translation>被以下记录引用</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链接</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Link back</source>
        <translation>反向链接</translation>
    </message>
    <message>
        <source>Double-click to open the record</source>
        <translation>双击打开该记录</translation>
    </message>
    <message>
        <source>Add reciprocal link here</source>
        <translation>在此添加反向链接</translation>
    </message>
    <message>
        <source>Add to this record the link back to the selected record</source>
        <translation>在此记录中添加指回所选记录的链接</translation>
    </message>
    <message>
        <source>not needed</source>
        <translation>不需要</translation>
    </message>
    <message>
        <source>yes (%1)</source>
        <translation>有（%1）</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>No record links here.</source>
        <translation>没有记录链接到这里。</translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation>✗ %1</translation>
    </message>
    <message>
        <source>✓ matches its own signature</source>
        <translation>✓ 能匹配自己的错误签名</translation>
    </message>
    <message>
        <source>✗ does not match its own signature</source>
        <translation>✗ 不能匹配自己的错误签名</translation>
    </message>
    <message>
        <source>Against the file on disk</source>
        <translation>与磁盘上的文件比较</translation>
    </message>
    <message>
        <source>Against the last commit (git HEAD)</source>
        <translation>与最近一次提交（git HEAD）比较</translation>
    </message>
    <message>
        <source>No changes against the last commit.</source>
        <translation>与最近一次提交相比没有改动。</translation>
    </message>
    <message>
        <source>The KB is not in a git checkout: there is no last commit.</source>
        <translation>知识库不在 git 检出中：没有最近一次提交。</translation>
    </message>
</context>
<context>
    <name>Errata::RecordFilterModel</name>
    <message>
        <source>%1 (%L2 of %L3)</source>
        <translation>%1（%L2/%L3）</translation>
    </message>
</context>
<context>
    <name>Errata::RecordIdDialog</name>
    <message>
        <source>domain/name, e.g. pytorch/cuda-out-of-memory</source>
        <translation>领域/名称，例如 pytorch/cuda-out-of-memory</translation>
    </message>
    <message>
        <source>The file will be %1.json</source>
        <translation>文件将是 %1.json</translation>
    </message>
</context>
<context>
    <name>Errata::RecordOperations</name>
    <message>
        <source>%1 links to this record and has unsaved changes; save or revert it first</source>
        <translation>%1 链接到此记录且有未保存的更改；请先保存或还原它</translation>
    </message>
    <message>
        <source>%1 already has the id %2</source>
        <translation>%1 的 ID 已经是 %2</translation>
    </message>
    <message>
        <source>no knowledge base folder is open</source>
        <translation>没有打开知识库文件夹</translation>
    </message>
    <message>
        <source>the id %1 is taken already by %2</source>
        <translation>ID %1 已被 %2 占用</translation>
    </message>
    <message>
        <source>%1 exists already</source>
        <translation>%1 已存在</translation>
    </message>
    <message>
        <source>a new record needs a domain (one path segment) and a name</source>
        <translation>新记录需要一个领域（一段路径）和一个名称</translation>
    </message>
    <message>
        <source>the template for new records is not a JSON object</source>
        <translation>新记录的模板不是 JSON 对象</translation>
    </message>
    <message>
        <source>the record to delete is not in this knowledge base</source>
        <translation>要删除的记录不在此知识库中</translation>
    </message>
    <message>
        <source>%1: cannot be removed: %2</source>
        <translation>%1：无法删除：%2</translation>
    </message>
    <message>
        <source>there is no record to restore</source>
        <translation>没有可恢复的记录</translation>
    </message>
    <message>
        <source>%1 is in the knowledge base already</source>
        <translation>%1 已在知识库中</translation>
    </message>
    <message>
        <source>%1 exists on disk again with other content; it was not overwritten</source>
        <translation>%1 已重新出现在磁盘上且内容不同；未覆盖它</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; Errata does not write through links, so no record can be created in it</source>
        <translation>%1 是符号链接；Errata 不会通过链接写入，因此无法在其中创建记录</translation>
    </message>
</context>
<context>
    <name>Errata::RecordTab</name>
    <message>
        <source>This record&apos;s file was changed on disk by someone else.</source>
        <translation>此记录的文件已被其他人在磁盘上修改。</translation>
    </message>
    <message>
        <source>Keep mine</source>
        <translation>保留我的</translation>
    </message>
    <message>
        <source>Take theirs</source>
        <translation>采用他们的</translation>
    </message>
    <message>
        <source>Show difference</source>
        <translation>显示差异</translation>
    </message>
    <message>
        <source>Their file (-) and your version (+)</source>
        <translation>他们的文件（-）与你的版本（+）</translation>
    </message>
    <message>
        <source>Their file and your version are the same.</source>
        <translation>他们的文件与你的版本相同。</translation>
    </message>
    <message>
        <source>Outcome reports</source>
        <translation>结果报告</translation>
    </message>
    <message>
        <source>Fold in outcome reports</source>
        <translation>并入结果报告</translation>
    </message>
</context>
<context>
    <name>Errata::RecordTreeModel</name>
    <message>
        <source>git: %1</source>
        <translation>git：%1</translation>
    </message>
    <message>
        <source>git: deleted; the last commit has it. Enter restores it.</source>
        <translation>git：已删除；上次提交中仍有它。按 Enter 恢复。</translation>
    </message>
</context>
<context>
    <name>Errata::RecordWriter</name>
    <message>
        <source>%1: cannot be read to keep a copy: %2</source>
        <translation>%1：无法读取以保留副本：%2</translation>
    </message>
    <message>
        <source>%1: cannot be removed: %2</source>
        <translation>%1：无法删除：%2</translation>
    </message>
    <message>
        <source>%1: cannot be written: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>%1: cannot be written: %2 holds bytes that are not valid UTF-8</source>
        <translation>%1：无法写入：%2 含有不是有效 UTF-8 的字节</translation>
    </message>
    <message>
        <source>%1 already exists on disk (the record is new)</source>
        <translation>%1 已存在于磁盘上（而该记录是新建的）</translation>
    </message>
    <message>
        <source>%1 was removed on disk since it was read</source>
        <translation>%1 在读取之后已从磁盘上删除</translation>
    </message>
    <message>
        <source>%1 changed on disk since it was read</source>
        <translation>%1 在读取之后已在磁盘上被修改</translation>
    </message>
    <message>
        <source>%1: cannot create its folder</source>
        <translation>%1：无法创建其文件夹</translation>
    </message>
</context>
<context>
    <name>Errata::RecoveryKeeper</name>
    <message>
        <source>Could not keep a recovery copy: %1</source>
        <translation>无法保存恢复副本：%1</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Restore unsaved edits?</source>
        <translation>恢复未保存的编辑？</translation>
    </message>
    <message>
        <source>Errata did not close normally. Unsaved edits of these records were kept:
%1

Restore them?</source>
        <translation>Errata 上次未正常关闭。以下记录的未保存编辑已被保留：
%1

要恢复它们吗？</translation>
    </message>
    <message>
        <source>process %1 on %2</source>
        <translation>%2 上的进程 %1</translation>
    </message>
    <message>
        <source>a process that could not be named</source>
        <translation>一个无法识别的进程</translation>
    </message>
    <message>
        <source>%1 is open in another Errata window (%2). This window keeps no crash-recovery copies of unsaved edits while the other one is open; save often, or work in the other window.</source>
        <translation>%1 已在另一个 Errata 窗口中打开（%2）。在另一个窗口打开期间，本窗口不为未保存的编辑保留崩溃恢复副本；请经常保存，或在另一个窗口中工作。</translation>
    </message>
</context>
<context>
    <name>Errata::RecoveryStore</name>
    <message>
        <source>%1: cannot create the recovery folder</source>
        <translation>%1：无法创建恢复文件夹</translation>
    </message>
    <message>
        <source>%1: nothing to recover</source>
        <translation>%1：没有可恢复的内容</translation>
    </message>
    <message>
        <source>%1: the recovered text is not a record: %2</source>
        <translation>%1：恢复的文本不是记录：%2</translation>
    </message>
    <message>
        <source>%1: the recovered original text is not a record: %2</source>
        <translation>%1：恢复的原始文本不是记录：%2</translation>
    </message>
    <message>
        <source>the file is %1, more than the %2 a recovery copy may hold</source>
        <translation>该文件有 %1，超过恢复副本可容纳的 %2</translation>
    </message>
    <message>
        <source>%1: its text is %2, more than the %3 a recovery copy may hold (and a record file may be); no copy of its unsaved edits is kept: save it or shorten it</source>
        <translation>%1：其文本有 %2，超过恢复副本可容纳（也是记录文件允许）的 %3；不会保留其未保存修改的副本：请保存或缩短它</translation>
    </message>
    <message>
        <source>%1: the recovered text cannot be read from %2: %3</source>
        <translation>%1：无法从 %2 读取恢复的文本：%3</translation>
    </message>
</context>
<context>
    <name>Errata::RegexEngine</name>
    <message>
        <source>RE2 does not support look-ahead &quot;(?=...)&quot;</source>
        <translation>RE2 不支持先行断言“(?=...)”</translation>
    </message>
    <message>
        <source>RE2 does not support negative look-ahead &quot;(?!...)&quot;</source>
        <translation>RE2 不支持否定先行断言“(?!...)”</translation>
    </message>
    <message>
        <source>RE2 does not support look-behind &quot;(?&lt;=...)&quot;</source>
        <translation>RE2 不支持后行断言“(?&lt;=...)”</translation>
    </message>
    <message>
        <source>RE2 does not support negative look-behind &quot;(?&lt;!...)&quot;</source>
        <translation>RE2 不支持否定后行断言“(?&lt;!...)”</translation>
    </message>
    <message>
        <source>RE2 does not support atomic groups &quot;(?&gt;...)&quot;</source>
        <translation>RE2 不支持原子组“(?&gt;...)”</translation>
    </message>
    <message>
        <source>invalid escape sequence &quot;%1&quot;</source>
        <translation>无效的转义序列“%1”</translation>
    </message>
    <message>
        <source>invalid character class &quot;%1&quot;</source>
        <translation>无效的字符类“%1”</translation>
    </message>
    <message>
        <source>invalid character range &quot;%1&quot;</source>
        <translation>无效的字符范围“%1”</translation>
    </message>
    <message>
        <source>missing ] to close the character class &quot;%1&quot;</source>
        <translation>缺少 ] 来结束字符类“%1”</translation>
    </message>
    <message>
        <source>missing ) to close a group</source>
        <translation>缺少 ) 来结束分组</translation>
    </message>
    <message>
        <source>unmatched )</source>
        <translation>多余的 )</translation>
    </message>
    <message>
        <source>the pattern ends with a lone backslash</source>
        <translation>模式以单个反斜杠结尾</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has nothing before it to repeat</source>
        <translation>“%1”前面没有可以重复的内容</translation>
    </message>
    <message>
        <source>invalid repetition &quot;%1&quot;</source>
        <translation>无效的重复“%1”</translation>
    </message>
    <message>
        <source>invalid group syntax &quot;%1&quot;</source>
        <translation>无效的分组语法“%1”</translation>
    </message>
    <message>
        <source>the pattern is not valid UTF-8</source>
        <translation>模式不是有效的 UTF-8</translation>
    </message>
    <message>
        <source>invalid group name &quot;%1&quot;</source>
        <translation>无效的分组名“%1”</translation>
    </message>
    <message>
        <source>the pattern is too large for RE2&apos;s memory budget</source>
        <translation>模式太大，超出了 RE2 的内存预算</translation>
    </message>
    <message>
        <source>RE2 cannot compile the pattern</source>
        <translation>RE2 无法编译该模式</translation>
    </message>
    <message>
        <source>RE2 does not support back-references such as &quot;%1&quot;</source>
        <translation>RE2 不支持“%1”这样的反向引用</translation>
    </message>
    <message>
        <source>invalid repeat count &quot;%1&quot; (RE2 allows at most %2)</source>
        <translation>无效的重复次数“%1”（RE2 最多允许 %2）</translation>
    </message>
    <message>
        <source>repeat count &quot;%1&quot; makes the nested repeats too large: RE2 multiplies the counts of repeats nested in one another, and allows a product of at most %2</source>
        <translation>重复次数“%1”使嵌套的重复过大：RE2 会将相互嵌套的重复次数相乘，乘积最多为 %2</translation>
    </message>
</context>
<context>
    <name>Errata::RegexMatchListModel</name>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>匹配内容</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>捕获组</translation>
    </message>
</context>
<context>
    <name>Errata::RegexWorkbenchDock</name>
    <message>
        <source>Regex Workbench</source>
        <translation>正则表达式工作台</translation>
    </message>
    <message>
        <source>&amp;Ignore case</source>
        <translation>忽略大小写(&amp;I)</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Test line</source>
        <translation>测试行</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>&amp;Regex:</source>
        <translation>正则表达式(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Open Log…</source>
        <translation>打开日志(&amp;O)…</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>清空(&amp;L)</translation>
    </message>
    <message>
        <source>Log:</source>
        <translation>日志：</translation>
    </message>
    <message>
        <source>Paste a log here, or open a log file. Every match of the regex is highlighted.</source>
        <translation>在此粘贴日志，或打开日志文件。正则表达式的每处匹配都会高亮显示。</translation>
    </message>
    <message>
        <source>Next Match</source>
        <translation>下一处匹配</translation>
    </message>
    <message>
        <source>Previous Match</source>
        <translation>上一处匹配</translation>
    </message>
    <message>
        <source>No record open: try any regex against the log.</source>
        <translation>没有打开的记录：可以用任意正则表达式试验日志。</translation>
    </message>
    <message>
        <source>%1 — changes go to the record; Ctrl+Z undoes them.</source>
        <translation>%1 — 修改会写入该记录；按 Ctrl+Z 可撤销。</translation>
    </message>
    <message>
        <source>%1 — edit the record (Ctrl+E) to change its regex here.</source>
        <translation>%1 — 编辑该记录（Ctrl+E）后即可在此修改它的正则表达式。</translation>
    </message>
    <message>
        <source>Edit regex</source>
        <translation>编辑正则表达式</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2 MB; the workbench opens logs up to %3 MB. Cut out the part you need.</source>
        <translation>%1 有 %2 MB；工作台最多打开 %3 MB 的日志。请截取需要的部分。</translation>
    </message>
    <message>
        <source>Open Log</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Type a regex to see its matches.</source>
        <translation>输入正则表达式以查看匹配。</translation>
    </message>
    <message>
        <source>Paste a log or open one to see the matches.</source>
        <translation>粘贴或打开日志以查看匹配。</translation>
    </message>
    <message>
        <source>No match in the log.</source>
        <translation>日志中没有匹配。</translation>
    </message>
    <message>
        <source>More than %1 matches; the first %1 are listed and highlighted.</source>
        <translation>匹配超过 %1 处；仅列出并高亮前 %1 处。</translation>
    </message>
    <message>
        <source>The regex matches the empty string, so it would match every log.</source>
        <translation>该正则表达式能匹配空字符串，因此会匹配任何日志。</translation>
    </message>
    <message>
        <source>The regex does not compile: %1</source>
        <translation>正则表达式无法编译：%1</translation>
    </message>
    <message>
        <source>✓ match</source>
        <translation>✓ 匹配</translation>
    </message>
    <message>
        <source>✗ no match</source>
        <translation>✗ 不匹配</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>错误签名</translation>
    </message>
    <message>
        <source>Alias</source>
        <translation>别名</translation>
    </message>
    <message numerus="yes">
        <source>%Ln match(es)</source>
        <translation>
            <numerusform>%Ln 处匹配</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s)</source>
        <translation>
            <numerusform>%Ln 行</numerusform>
        </translation>
    </message>
    <message>
        <source>Too slow to search the whole log at once (the budget is %1 s): searched in pieces of 32 KiB, so a match that spans two pieces may be missing.</source>
        <translation>太慢，无法一次搜索整份日志（预算为 %1 秒）：已按 32 KiB 分段搜索，因此跨越两段的匹配可能缺失。</translation>
    </message>
    <message>
        <source>Stopped after %1 s, the budget of a regex on this log: there may be more matches further on. A regex this slow would be stopped in the log matcher too.</source>
        <translation>%1 秒后已停止，即一个正则表达式在这份日志上的预算：后面可能还有更多匹配。这么慢的正则表达式在日志匹配器中也会被停止。</translation>
    </message>
</context>
<context>
    <name>Errata::ReviewModel</name>
    <message>
        <source>Reviewed earlier, but the English text has changed since: review it again.</source>
        <translation>之前已审校，但英文原文此后有改动，请重新审校。</translation>
    </message>
    <message>
        <source>Reviewed earlier, but the Chinese text has changed since: review it again.</source>
        <translation>之前已审校，但中文译文此后有改动，请重新审校。</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>验证级别</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>Untranslated</source>
        <translation>未翻译</translation>
    </message>
    <message>
        <source>Count mismatch</source>
        <translation>条数不符</translation>
    </message>
    <message>
        <source>Translated</source>
        <translation>已翻译</translation>
    </message>
    <message>
        <source>Reviewed</source>
        <translation>已审校</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>错误签名</translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation>根本原因</translation>
    </message>
    <message>
        <source>Workarounds</source>
        <translation>解决办法</translation>
    </message>
    <message>
        <source>%1 of %2 cannot be accepted: %3.</source>
        <translation>无法接受 %2 的%1：%3。</translation>
    </message>
    <message>
        <source>%1 could not be read, so it is not overwritten; fix or remove it first.</source>
        <translation>无法读取 %1，因此不会覆盖它；请先修复或删除该文件。</translation>
    </message>
    <message>
        <source>No KB is open.</source>
        <translation>没有打开的知识库。</translation>
    </message>
    <message>
        <source>Accepted by %1</source>
        <translation>由 %1 接受</translation>
    </message>
    <message>
        <source>Accepted by %1, %2</source>
        <translation>由 %1 于 %2 接受</translation>
    </message>
    <message>
        <source>Accepted %1</source>
        <translation>于 %1 接受</translation>
    </message>
</context>
<context>
    <name>Errata::ReviewPane</name>
    <message>
        <source>One workaround per line, in the order of the English</source>
        <translation>每行一条解决办法，顺序与英文一致</translation>
    </message>
    <message>
        <source>Chinese translation</source>
        <translation>中文译文</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Mark this translation as reviewed (Ctrl+Enter)</source>
        <translation>将此译文标记为已审校（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>&lt;i&gt;Select a record to review its translation.&lt;/i&gt;</source>
        <translation>&lt;i&gt;选择一条记录以审校其译文。&lt;/i&gt;</translation>
    </message>
    <message>
        <source> (the English changed since the last review)</source>
        <translation>（上次审校后英文原文有改动）</translation>
    </message>
    <message>
        <source> (edited since the last review)</source>
        <translation>（上次审校后译文有改动）</translation>
    </message>
    <message>
        <source>Line %1 lacks %2</source>
        <translation>第 %1 行缺少 %2</translation>
    </message>
    <message>
        <source>The Chinese lacks %1</source>
        <translation>中文译文缺少 %1</translation>
    </message>
    <message>
        <source>Numbers, versions, code, URLs and placeholders all match.</source>
        <translation>数字、版本号、代码、URL 和占位符全部一致。</translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation>撤销审校</translation>
    </message>
    <message>
        <source>Mark this translation as not reviewed</source>
        <translation>将此译文标记为未审校</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>a field&apos;s status — who accepted it and when</comment>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>Errata::ReviewStore</name>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>not an errata-review file of version %1</source>
        <translation>不是版本 %1 的 errata-review 文件</translation>
    </message>
    <message>
        <source>the reviews of &quot;%1&quot; must be an object</source>
        <translation>“%1”的审校记录必须是对象</translation>
    </message>
    <message>
        <source>the review of %1 in &quot;%2&quot; needs &quot;en&quot; and &quot;zh&quot; hashes (16 hex digits)</source>
        <translation>“%2”中 %1 的审校记录需要 &quot;en&quot; 和 &quot;zh&quot; 哈希值（16 位十六进制数字）</translation>
    </message>
    <message>
        <source>no KB folder to keep reviews in</source>
        <translation>没有可保存审校记录的知识库文件夹</translation>
    </message>
    <message>
        <source>%1 could not be read, so it is not overwritten; fix or remove it first</source>
        <translation>无法读取 %1，因此不会覆盖它；请先修复或删除它</translation>
    </message>
</context>
<context>
    <name>Errata::ReviewView</name>
    <message>
        <source>Domain</source>
        <translation>领域</translation>
    </message>
    <message>
        <source>Translated</source>
        <translation>已翻译</translation>
    </message>
    <message>
        <source>Reviewed</source>
        <translation>已审校</translation>
    </message>
    <message>
        <source>All fields</source>
        <translation>全部字段</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>All tiers</source>
        <translation>全部级别</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>状态(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Tier:</source>
        <translation>验证级别(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Accept and Next</source>
        <translation>接受并转到下一条(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Next Unfinished</source>
        <translation>下一条未完成(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Unfinished</source>
        <translation>上一条未完成(&amp;P)</translation>
    </message>
    <message>
        <source>The review file could not be read, so reviews are not shown and cannot be recorded until it is fixed or removed: %1</source>
        <translation>无法读取审校文件，在修复或删除它之前，审校状态不会显示，也无法记录新的审校：%1</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>Select a record to review first.</source>
        <translation>请先选择要审校的记录。</translation>
    </message>
    <message>
        <source>Accepted %1 of %2.</source>
        <translation>已接受 %2 的%1。</translation>
    </message>
    <message>
        <source>Every field shown is reviewed.</source>
        <translation>当前显示的字段已全部审校。</translation>
    </message>
    <message>
        <source>No other unfinished field in view.</source>
        <translation>当前视图中没有其他未完成的字段。</translation>
    </message>
    <message>
        <source>All domains</source>
        <translation>全部领域</translation>
    </message>
    <message>
        <source>%1 of %2 fields translated, %3 reviewed</source>
        <translation>%2 个字段中已翻译 %1 个，已审校 %3 个</translation>
    </message>
    <message numerus="yes">
        <source>Reading the translations: %1 of %Ln record(s)…</source>
        <translation>
            <numerusform>正在读取译文：%1/%Ln 条记录…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Errata::RuleValidator</name>
    <message>
        <source>unknown key &quot;%1&quot; (kept as it is)</source>
        <translation>未知键“%1”（按原样保留）</translation>
    </message>
    <message>
        <source>the file starts with a UTF-8 byte order mark; it is removed when the record is saved</source>
        <translation>文件以 UTF-8 字节顺序标记（BOM）开头；保存记录时会将其删除</translation>
    </message>
    <message>
        <source>id %1 must be 2 or more segments joined by &quot;/&quot;, each made of a-z, 0-9, &quot;.&quot;, &quot;_&quot; or &quot;-&quot; and starting with a letter or digit, 200 characters at most</source>
        <translation>ID %1 必须由 2 段或更多段以“/”连接而成，每段由 a-z、0-9、“.”、“_”或“-”组成并以字母或数字开头，总长不超过 200 个字符</translation>
    </message>
    <message>
        <source>id %1 must start with the domain &quot;%2/&quot;</source>
        <translation>ID %1 必须以领域“%2/”开头</translation>
    </message>
    <message>
        <source>id %1 does not match the file&apos;s path, which gives &quot;%2&quot;</source>
        <translation>ID %1 与文件路径不符，文件路径对应的是“%2”</translation>
    </message>
    <message>
        <source>id %1 is used by %2 files: %3</source>
        <translation>ID %1 被 %2 个文件使用：%3</translation>
    </message>
    <message>
        <source>domain %1 may hold only a-z, 0-9 and &quot;-&quot;, starting with a letter or digit</source>
        <translation>领域 %1 只能包含 a-z、0-9 和“-”，并以字母或数字开头</translation>
    </message>
    <message>
        <source>category %1 may hold only a-z, 0-9, &quot;_&quot; and &quot;-&quot;, starting with a letter or digit</source>
        <translation>类别 %1 只能包含 a-z、0-9、“_”和“-”，并以字母或数字开头</translation>
    </message>
    <message>
        <source>unknown root_cause_type %1; known types are %2</source>
        <translation>未知的 root_cause_type %1；已知类型为 %2</translation>
    </message>
    <message>
        <source>the regex does not compile: </source>
        <translation>正则表达式无法编译：</translation>
    </message>
    <message>
        <source> (at character %1 of the regex)</source>
        <translation>（位于正则表达式的第 %1 个字符）</translation>
    </message>
    <message>
        <source>the regex matches the empty string, so it would match every log</source>
        <translation>该正则表达式能匹配空字符串，因此会匹配任何日志</translation>
    </message>
    <message>
        <source>the regex does not match the record&apos;s own signature (it would if case were ignored)</source>
        <translation>该正则表达式不匹配记录自身的错误签名（忽略大小写时会匹配）</translation>
    </message>
    <message>
        <source>the regex does not match the record&apos;s own signature</source>
        <translation>该正则表达式不匹配记录自身的错误签名</translation>
    </message>
    <message>
        <source>official_doc_url %1 is not an http or https URL</source>
        <translation>official_doc_url %1 不是 http 或 https 网址</translation>
    </message>
    <message>
        <source>source %1 is not an http or https URL</source>
        <translation>来源 %1 不是 http 或 https 网址</translation>
    </message>
    <message>
        <source>%1 %2 is not a real YYYY-MM-DD date</source>
        <translation>%1 %2 不是有效的 YYYY-MM-DD 日期</translation>
    </message>
    <message>
        <source>%1 %2 is in the future</source>
        <translation>%1 %2 是将来的日期</translation>
    </message>
    <message>
        <source>first_seen %1 is after last_confirmed %2</source>
        <translation>first_seen %1 晚于 last_confirmed %2</translation>
    </message>
    <message>
        <source>last confirmed %1 days ago (%2): stale</source>
        <translation>%1 天前最后确认（%2）：已过时</translation>
    </message>
    <message>
        <source>last confirmed %1 days ago (%2): aging</source>
        <translation>%1 天前最后确认（%2）：正在变旧</translation>
    </message>
    <message>
        <source>resolvable is &quot;true&quot; but needs fix_success_rate &gt;= 0.7 and confidence &gt;= 0.6 (they are %1 and %2)</source>
        <translation>resolvable 为 &quot;true&quot;，但这需要 fix_success_rate &gt;= 0.7 且 confidence &gt;= 0.6（实际为 %1 和 %2）</translation>
    </message>
    <message>
        <source>resolvable is &quot;false&quot; but fix_success_rate is %1 (it should be below 0.2)</source>
        <translation>resolvable 为 &quot;false&quot;，但 fix_success_rate 为 %1（应低于 0.2）</translation>
    </message>
    <message>
        <source>confidence %1 rests on an evidence_count of only %2 (fewer than 3)</source>
        <translation>置信度 %1 仅基于 %2 条证据（evidence_count 少于 3）</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>%1 is not translated (no Chinese characters, or the English text repeated)</source>
        <translation>%1 未翻译（没有中文字符，或重复了英文原文）</translation>
    </message>
    <message>
        <source>workarounds_zh is missing</source>
        <translation>缺少 workarounds_zh</translation>
    </message>
    <message>
        <source>workarounds_zh and workarounds differ in length (%1 against %2)</source>
        <translation>workarounds_zh 与 workarounds 的项数不同（%1 对 %2）</translation>
    </message>
    <message>
        <source>workarounds_zh items not translated: %1 (no Chinese characters, or the English text repeated)</source>
        <translation>workarounds_zh 未翻译的项：%1（没有中文字符，或重复了英文原文）</translation>
    </message>
    <message>
        <source>the record links to itself</source>
        <translation>该记录链接到自身</translation>
    </message>
    <message>
        <source>%1 is listed twice in %2</source>
        <translation>%1 在 %2 中列出了两次</translation>
    </message>
    <message>
        <source>link to %1, which is not in the KB</source>
        <translation>链接到 %1，但它不在知识库中</translation>
    </message>
    <message>
        <source>%1 has no %2 link back to this record</source>
        <translation>%1 没有指回此记录的 %2 链接</translation>
    </message>
    <message>
        <source>%1 appears twice in %2</source>
        <translation>%1 在 %2 中出现了两次</translation>
    </message>
    <message>
        <source>%1 item %2 cites no sources</source>
        <translation>%1 第 %2 项没有引用来源</translation>
    </message>
    <message>
        <source>en</source>
        <comment>The code of the language of this translation, e.g. zh_CN</comment>
        <translation>zh_CN</translation>
    </message>
</context>
<context>
    <name>Errata::SchemaMessage</name>
    <message>
        <source>1 character</source>
        <translation>1 个字符</translation>
    </message>
    <message>
        <source>%1 characters</source>
        <translation>%1 个字符</translation>
    </message>
    <message>
        <source>1 item</source>
        <translation>1 项</translation>
    </message>
    <message>
        <source>%1 items</source>
        <translation>%1 项</translation>
    </message>
    <message>
        <source>1 field</source>
        <translation>1 个字段</translation>
    </message>
    <message>
        <source>%1 fields</source>
        <translation>%1 个字段</translation>
    </message>
    <message>
        <source>an array of 1 item</source>
        <translation>含 1 项的数组</translation>
    </message>
    <message>
        <source>an array of %1 items</source>
        <translation>含 %1 项的数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>a string (%1)</source>
        <translation>字符串（%1）</translation>
    </message>
    <message>
        <source>a boolean (%1)</source>
        <translation>布尔值（%1）</translation>
    </message>
    <message>
        <source>a number (%1)</source>
        <translation>数字（%1）</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1或%2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>%1: a value of this type is not allowed here; found %2</source>
        <translation>%1：此处不允许这种类型的值；实际为%2</translation>
    </message>
    <message>
        <source>%1: must be %2; found %3</source>
        <translation>%1：必须是%2；实际为%3</translation>
    </message>
    <message>
        <source>%1: must be at least %2; found %3</source>
        <translation>%1：不能小于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: must be greater than %2; found %3</source>
        <translation>%1：必须大于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: must be at most %2; found %3</source>
        <translation>%1：不能大于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: must be less than %2; found %3</source>
        <translation>%1：必须小于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: must be a multiple of %2; found %3</source>
        <translation>%1：必须是 %2 的倍数；实际为 %3</translation>
    </message>
    <message>
        <source>an empty string</source>
        <translation>空字符串</translation>
    </message>
    <message>
        <source>%1: must be at least %2 long; found %3</source>
        <translation>%1：长度不能少于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: must be at most %2 long; found %3</source>
        <translation>%1：长度不能超过 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: must have at least %2; found %3</source>
        <translation>%1：不能少于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: must have at most %2; found %3</source>
        <translation>%1：不能多于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: items must all be different</source>
        <translation>%1：各项不能重复</translation>
    </message>
    <message>
        <source>%1: items must all be different; %2 repeats %3</source>
        <translation>%1：各项不能重复；%2 与 %3 相同</translation>
    </message>
    <message>
        <source>a date (YYYY-MM-DD)</source>
        <translation>日期（YYYY-MM-DD）</translation>
    </message>
    <message>
        <source>a time (HH:MM:SS)</source>
        <translation>时间（HH:MM:SS）</translation>
    </message>
    <message>
        <source>a date and time (YYYY-MM-DDTHH:MM:SSZ)</source>
        <translation>日期和时间（YYYY-MM-DDTHH:MM:SSZ）</translation>
    </message>
    <message>
        <source>a valid %1</source>
        <translation>有效的 %1</translation>
    </message>
    <message>
        <source>%1: must match the pattern %2; found %3</source>
        <translation>%1：必须匹配模式 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: must be one of: %2; found %3</source>
        <translation>%1：必须是以下之一：%2；实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>the record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>%1: required field is missing</source>
        <translation>%1：缺少必填字段</translation>
    </message>
    <message>
        <source>%1: field not allowed here</source>
        <translation>%1：此处不允许该字段</translation>
    </message>
</context>
<context>
    <name>Errata::SchemaValidator</name>
    <message>
        <source>the record schema cannot be used: %1</source>
        <translation>无法使用记录的架构：%1</translation>
    </message>
</context>
<context>
    <name>Errata::SearchIndexCache</name>
    <message>
        <source>not a search index cache</source>
        <translation>不是搜索索引缓存</translation>
    </message>
    <message>
        <source>written by another version of Errata</source>
        <translation>由另一版本的 Errata 写入</translation>
    </message>
    <message>
        <source>written on a machine of the other byte order</source>
        <translation>在字节序不同的机器上写入</translation>
    </message>
    <message>
        <source>the cache of another folder</source>
        <translation>属于另一个文件夹的缓存</translation>
    </message>
    <message>
        <source>the cache is damaged</source>
        <translation>缓存已损坏</translation>
    </message>
    <message>
        <source>cannot create the folder of %1</source>
        <translation>无法创建 %1 所在的文件夹</translation>
    </message>
    <message>
        <source>the cache would be over 4 GB</source>
        <translation>缓存将超过 4 GB</translation>
    </message>
</context>
<context>
    <name>Errata::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>界面语言(&amp;L)：</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>A new language or colour scheme takes effect the next time Errata starts.</source>
        <translation>新的界面语言或配色方案将在下次启动 Errata 时生效。</translation>
    </message>
    <message>
        <source>&amp;Colours:</source>
        <translation>配色(&amp;C)：</translation>
    </message>
    <message>
        <source>%1 (git&apos;s user.name)</source>
        <translation>%1（git 的 user.name）</translation>
    </message>
    <message>
        <source>%1 (your account&apos;s name)</source>
        <translation>%1（你的账户名）</translation>
    </message>
    <message>
        <source>No name is recorded</source>
        <translation>不记录姓名</translation>
    </message>
    <message>
        <source>&amp;Reviewer name:</source>
        <translation>审校人姓名(&amp;R)：</translation>
    </message>
    <message>
        <source>Recorded with every translation review you accept. When empty, git&apos;s user.name for the KB is used, else your account&apos;s name.</source>
        <translation>随你接受的每条翻译审校一起记录。留空时使用该知识库的 git user.name，若没有则使用你的账户名。</translation>
    </message>
</context>
<context>
    <name>Errata::WelcomePage</name>
    <message>
        <source>&lt;h2&gt;Find a record&lt;/h2&gt;&lt;p&gt;Type in the search field (&lt;b&gt;Ctrl+K&lt;/b&gt;): words from the signature, id, root cause, dead ends or workarounds, in English or Chinese. &lt;b&gt;Enter&lt;/b&gt; opens the best match; &lt;b&gt;Up&lt;/b&gt; and &lt;b&gt;Down&lt;/b&gt; move through the results.&lt;/p&gt;&lt;p&gt;Paste an error into it (&lt;b&gt;Ctrl+V&lt;/b&gt;): a line, a stack trace or a piece of a log. The records most like it are listed, best first.&lt;/p&gt;&lt;p&gt;Filters combine with words: &lt;code&gt;domain:pytorch&lt;/code&gt; &lt;code&gt;category:oom&lt;/code&gt; &lt;code&gt;tier:ai_generated&lt;/code&gt; &lt;code&gt;resolvable:partial&lt;/code&gt; &lt;code&gt;fix&amp;lt;0.5&lt;/code&gt; &lt;code&gt;confidence&amp;gt;=0.8&lt;/code&gt; &lt;code&gt;has:zh&lt;/code&gt; &lt;code&gt;-has:zh&lt;/code&gt; &lt;code&gt;severity:warning&lt;/code&gt; &lt;code&gt;stale&lt;/code&gt; &lt;code&gt;changed&lt;/code&gt; &lt;code&gt;git:modified&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Open another KB folder with &lt;b&gt;Ctrl+O&lt;/b&gt;; reload it with &lt;b&gt;F5&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;查找记录&lt;/h2&gt;&lt;p&gt;在搜索框（&lt;b&gt;Ctrl+K&lt;/b&gt;）中输入错误签名、ID、根本原因、无效尝试或解决办法中的词语，中英文均可。&lt;b&gt;Enter&lt;/b&gt; 打开最佳匹配；&lt;b&gt;上&lt;/b&gt;、&lt;b&gt;下&lt;/b&gt;方向键在结果间移动。&lt;/p&gt;&lt;p&gt;也可以把错误粘贴进去（&lt;b&gt;Ctrl+V&lt;/b&gt;）：一行错误、一段堆栈跟踪或一段日志。与之最相似的记录按相似程度列出。&lt;/p&gt;&lt;p&gt;筛选条件可与关键词组合使用：&lt;code&gt;domain:pytorch&lt;/code&gt; &lt;code&gt;category:oom&lt;/code&gt; &lt;code&gt;tier:ai_generated&lt;/code&gt; &lt;code&gt;resolvable:partial&lt;/code&gt; &lt;code&gt;fix&amp;lt;0.5&lt;/code&gt; &lt;code&gt;confidence&amp;gt;=0.8&lt;/code&gt; &lt;code&gt;has:zh&lt;/code&gt; &lt;code&gt;-has:zh&lt;/code&gt; &lt;code&gt;severity:warning&lt;/code&gt; &lt;code&gt;stale&lt;/code&gt; &lt;code&gt;changed&lt;/code&gt; &lt;code&gt;git:modified&lt;/code&gt;&lt;/p&gt;&lt;p&gt;按 &lt;b&gt;Ctrl+O&lt;/b&gt; 打开其他知识库文件夹，按 &lt;b&gt;F5&lt;/b&gt; 重新加载。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Errata</source>
        <translation>Errata</translation>
    </message>
</context>
<context>
    <name>RenameRecordCommand</name>
    <message>
        <source>Rename to %1</source>
        <translation>重命名为 %1</translation>
    </message>
</context>
</TS>
