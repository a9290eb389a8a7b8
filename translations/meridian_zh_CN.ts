<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Autosave</name>
    <message>
        <location filename="../ui/Autosave.cpp" line="62"/>
        <source>There is no recovery file.</source>
        <translation>没有可恢复的文件。</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <location filename="../ui/commands/AddLinkCommand.cpp" line="12"/>
        <source>Connect %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/commands/AddNodeCommand.cpp" line="12"/>
        <source>Add %1 “%2”</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Document</name>
    <message>
        <location filename="../ui/Document.cpp" line="28"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
</context>
<context>
    <name>GeneratorDialog</name>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="29"/>
        <source>Generate topology</source>
        <translation>生成拓扑</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="35"/>
        <source>Generator:</source>
        <translation>生成器：</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="41"/>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="51"/>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="53"/>
        <source>Replace the current drawing</source>
        <translation>替换当前图</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="54"/>
        <source>Add next to the current drawing</source>
        <translation>添加到当前图旁</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="63"/>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="164"/>
        <source>→ %1 nodes, %2 links</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="49"/>
        <source>Meridian topology (*.topo)</source>
        <translation>Meridian 拓扑 (*.topo)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="57"/>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="60"/>
        <source>Where: %1</source>
        <translation>位置：%1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="62"/>
        <source>Problem: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="153"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="154"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="157"/>
        <source>Open topology</source>
        <translation>打开拓扑</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="161"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="162"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="164"/>
        <location filename="../ui/MainWindow.cpp" line="500"/>
        <source>Save topology</source>
        <translation>保存拓扑</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="168"/>
        <source>&amp;Import GraphML…</source>
        <translation>导入 GraphML(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="168"/>
        <source>Ctrl+I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="170"/>
        <source>Import GraphML (Topology Zoo)</source>
        <translation>导入 GraphML（Topology Zoo）</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="170"/>
        <source>GraphML (*.graphml *.xml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="174"/>
        <source>Export as &amp;PNG…</source>
        <translation>导出为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="176"/>
        <source>Export PNG</source>
        <translation>导出 PNG</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="176"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="180"/>
        <source>Export as S&amp;VG…</source>
        <translation>导出为 SVG(&amp;V)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="182"/>
        <source>Export SVG</source>
        <translation>导出 SVG</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="182"/>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="186"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="188"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="191"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="194"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="195"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="196"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="197"/>
        <source>D&amp;uplicate</source>
        <translation>复制一份(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="197"/>
        <source>Ctrl+D</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="199"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="203"/>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="208"/>
        <source>Collapse / &amp;Expand Centre</source>
        <translation>折叠 / 展开算力中心(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="209"/>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="216"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="219"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="221"/>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="221"/>
        <source>Ctrl+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="224"/>
        <source>&amp;Fit to View</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="224"/>
        <source>Ctrl+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="227"/>
        <source>Show &amp;Grid</source>
        <translation>显示网格(&amp;G)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="227"/>
        <source>Ctrl+G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="231"/>
        <source>&amp;Snap to Grid</source>
        <translation>对齐网格(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="238"/>
        <source>&amp;Select</source>
        <translation>选择(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="238"/>
        <source>S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="242"/>
        <source>&amp;Link Tool</source>
        <translation>连线工具(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="242"/>
        <source>L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="251"/>
        <source>Link tool (L): drag from one node to another. Shift+drag works in any tool.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="253"/>
        <source>&amp;Generate Topology…</source>
        <translation>生成拓扑(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="254"/>
        <source>Ctrl+Shift+G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="255"/>
        <source>&amp;Force-Directed Layout</source>
        <translation>力导向布局(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="257"/>
        <source>&amp;Spring Layout (Kamada–Kawai)</source>
        <translation>弹簧布局（Kamada–Kawai）(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="259"/>
        <source>&amp;Geographic Layout</source>
        <translation>地理布局(&amp;G)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="278"/>
        <source>Palette</source>
        <translation>组件面板</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="281"/>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="284"/>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="286"/>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="289"/>
        <source>&lt;opened file&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="291"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="310"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="313"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="324"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="332"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="343"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="348"/>
        <source>&amp;Layout</source>
        <translation>布局(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="353"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="394"/>
        <source>%1 nodes · %2 links</source>
        <translation>%1 个节点 · %2 条链路</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="400"/>
        <source>Link tool: drag from a node to another node. Esc returns to Select.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="401"/>
        <source>Drag kinds from the palette · Shift+drag between nodes to link · wheel zooms · middle/Space+drag pans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="465"/>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="466"/>
        <source>“%1” has unsaved changes. Save them?</source>
        <translation>“%1” 有未保存的修改，是否保存？</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="488"/>
        <source>Cannot open file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="513"/>
        <source>Cannot save file</source>
        <translation>无法保存文件</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="518"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="527"/>
        <source>Recover unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="528"/>
        <source>Meridian was closed without saving %1. Restore the automatically saved copy?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="530"/>
        <source>an untitled drawing</source>
        <translation>未命名的图</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="539"/>
        <source>Cannot recover</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="590"/>
        <location filename="../ui/MainWindow.cpp" line="601"/>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="609"/>
        <source>Cannot import GraphML</source>
        <translation>无法导入 GraphML</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="644"/>
        <location filename="../ui/MainWindow.cpp" line="661"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="644"/>
        <location filename="../ui/MainWindow.cpp" line="661"/>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="658"/>
        <source>Topology exported by Meridian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="726"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="742"/>
        <source>Duplicate</source>
        <translation>复制一份</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="758"/>
        <source>Generate %1</source>
        <translation>生成 %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="773"/>
        <source>Cannot generate</source>
        <translation>无法生成</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="793"/>
        <source>Force-directed layout</source>
        <translation>力导向布局</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="800"/>
        <source>Spring layout</source>
        <translation>弹簧布局</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="807"/>
        <location filename="../ui/MainWindow.cpp" line="813"/>
        <source>Geographic layout</source>
        <translation>地理布局</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="808"/>
        <source>No node has a latitude and longitude. Set them in the property editor or import a GraphML map.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NodeStyle</name>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="33"/>
        <source>Compute centre</source>
        <translation>算力中心</translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="35"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="37"/>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="39"/>
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="41"/>
        <source>Host</source>
        <translation>主机</translation>
    </message>
</context>
<context>
    <name>OutlineView</name>
    <message>
        <location filename="../ui/OutlineView.cpp" line="24"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="24"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="54"/>
        <source>%1 nodes, %2 links</source>
        <translation>%1 个节点，%2 条链路</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="56"/>
        <source>Compute centres</source>
        <translation>算力中心</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="57"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="58"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="64"/>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="101"/>
        <source>… (outline limited to %1 rows)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PaletteWidget</name>
    <message>
        <location filename="../ui/PaletteWidget.cpp" line="25"/>
        <source>Drag onto the canvas to add a %1</source>
        <translation>拖到画布上以添加%1</translation>
    </message>
</context>
<context>
    <name>PropertyEditor</name>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="56"/>
        <source>Out of range: must be %1%2</source>
        <translation>超出范围：必须在 %1%2</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="63"/>
        <source>Not a bandwidth: try 25G, 400 Gbps or 100M</source>
        <translation>不是带宽：例如 25G、400 Gbps 或 100M</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="69"/>
        <source>Not a duration: try 15ms, 2us or 1.5s</source>
        <translation>不是时长：例如 15ms、2us 或 1.5s</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="74"/>
        <source>Not a fraction: try 0.1% or 0.001</source>
        <translation>不是比例：例如 0.1% 或 0.001</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="79"/>
        <source>Not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="155"/>
        <source>Select a node or a link to edit its attributes.

Several items of one kind can be edited together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="227"/>
        <location filename="../ui/PropertyEditor.cpp" line="487"/>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="232"/>
        <location filename="../ui/PropertyEditor.cpp" line="492"/>
        <source>The id cannot be empty</source>
        <translation>标识不能为空</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="234"/>
        <source>Another node already has the id “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="239"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="246"/>
        <source>IP / prefix</source>
        <translation>IP / 前缀</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="253"/>
        <source>Not an address or prefix: try 10.1.0.0/16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="259"/>
        <source>CPU cores</source>
        <translation>CPU 核数</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="273"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="282"/>
        <source>Not a size: try 2048 (GB) or 2 TiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="289"/>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="300"/>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="321"/>
        <source>Fabric</source>
        <translation>中心内部网络</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="326"/>
        <source>Unknown fabric “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="333"/>
        <source>Fabric links</source>
        <translation>内部网络链路</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="350"/>
        <source>Fabric hop latency</source>
        <translation>内部网络单跳时延</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="367"/>
        <source>GPUs per server</source>
        <translation>每台服务器 GPU 数</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="394"/>
        <source>Out of range: must be [-%1, %1] degrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="401"/>
        <source>Latitude</source>
        <translation>纬度</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="407"/>
        <source>Longitude</source>
        <translation>经度</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="494"/>
        <source>Another link already has the id “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="558"/>
        <location filename="../ui/PropertyEditor.cpp" line="679"/>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="562"/>
        <source>Delay (one-way)</source>
        <translation>时延（单向）</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="566"/>
        <source>Jitter</source>
        <translation>时延抖动</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="569"/>
        <source>Jitter distribution</source>
        <translation>抖动分布</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="578"/>
        <source>Unknown distribution “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="583"/>
        <location filename="../ui/PropertyEditor.cpp" line="679"/>
        <source>Loss</source>
        <translation>丢包率</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="587"/>
        <source>Queue</source>
        <translation>队列大小</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="596"/>
        <source>Not a queue size: try 1000 (packets) or 1.5 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="607"/>
        <source>Duplex</source>
        <translation>双工</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="612"/>
        <source>Unknown duplex “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="618"/>
        <source>b→a bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="625"/>
        <source>b→a delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="630"/>
        <source>b→a loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="650"/>
        <source>Override for the b→a direction; leave empty to use the a→b value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="652"/>
        <source>Reverse direction (b→a) overrides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="659"/>
        <source>same as a→b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="674"/>
        <source>Schedule (changes over simulated time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="679"/>
        <source>At</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="679"/>
        <source>Delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="679"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="683"/>
        <source>Each row changes the link from its time on: e.g. at 600s, bandwidth 5G. Empty cells keep the value. State: up/down/empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="692"/>
        <source>Add step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="693"/>
        <source>Remove step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="816"/>
        <source>%1 “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/PropertyEditor.cpp" line="817"/>
        <location filename="../ui/PropertyEditor.cpp" line="964"/>
        <source>%n nodes</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/PropertyEditor.cpp" line="820"/>
        <source> (%n selected link(s) not edited)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="826"/>
        <source>Link %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/PropertyEditor.cpp" line="827"/>
        <location filename="../ui/PropertyEditor.cpp" line="995"/>
        <source>%n links</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="888"/>
        <source>Row %1: “At” must be a time ≥ 0, e.g. 600s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="900"/>
        <source>Row %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="925"/>
        <source>Row %1: state must be up, down or empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="937"/>
        <source>Edit schedule of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="966"/>
        <location filename="../ui/PropertyEditor.cpp" line="997"/>
        <source>Set %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="980"/>
        <source>(multiple values)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TopologyScene</name>
    <message>
        <location filename="../ui/TopologyScene.cpp" line="486"/>
        <source>Collapse %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TopologyScene.cpp" line="486"/>
        <source>Expand %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::Attrs</name>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="790"/>
        <source>(multiple values)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
