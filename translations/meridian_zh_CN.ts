<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Charts</name>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="54"/>
        <source>centre %1</source>
        <translation>中心 %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="57"/>
        <source>, iteration %1</source>
        <translation>，第 %1 次迭代</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="58"/>
        <source>
start %1, duration %2</source>
        <translation>
开始 %1，时长 %2</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="142"/>
        <source>Reset view</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="145"/>
        <source>Save as PNG/PDF/SVG…</source>
        <translation>另存为 PNG/PDF/SVG…</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="153"/>
        <source>Save chart</source>
        <translation>保存图表</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="155"/>
        <source>PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="160"/>
        <source>Cannot save chart</source>
        <translation>无法保存图表</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="184"/>
        <source>cannot encode %1 as PNG</source>
        <translation>无法将 %1 编码为 PNG</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="207"/>
        <source>cannot save %1: unknown format &apos;%2&apos; (expected .png, .pdf or .svg)</source>
        <translation>无法保存 %1：未知格式“%2”（应为 .png、.pdf 或 .svg）</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="138"/>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="144"/>
        <source>
sent %1, lost</source>
        <translation>
发送于 %1，已丢失</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="153"/>
        <source>
sent %1, arrived %2 (%3)</source>
        <translation>
发送于 %1，到达于 %2（%3）</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="161"/>
        <source>lost message</source>
        <translation>丢失的消息</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="173"/>
        <source>%1 adopted by %2
at %3, Lamport %4, from iteration %5</source>
        <translation>%2 采纳了 %1
时间 %3，Lamport %4，自第 %5 次迭代起</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="183"/>
        <source>order adopted</source>
        <translation>指令已采纳</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="196"/>
        <source>centre %1 failed at %2</source>
        <translation>中心 %1 于 %2 故障</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="202"/>
        <source>%1 detected the failure of %2 at %3 (%4)</source>
        <translation>%1 于 %3 检测到 %2 故障（%4）</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="211"/>
        <source>centre failed</source>
        <translation>中心故障</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="215"/>
        <source>failure detected</source>
        <translation>检测到故障</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="253"/>
        <source>trigger %1 (%2) fired at %3, Lamport %4</source>
        <translation>触发器 %1（%2）于 %3 触发，Lamport %4</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="258"/>
        <source>
applies from iteration %1</source>
        <translation>
自第 %1 次迭代起生效</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="267"/>
        <source>trigger fired</source>
        <translation>触发器触发</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="273"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="274"/>
        <source>run stopped at %1: %2</source>
        <translation>运行于 %1 停止：%2</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="359"/>
        <location filename="../ui/charts/TimelineChart.cpp" line="455"/>
        <source>simulated time (s)</source>
        <translation>仿真时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="459"/>
        <source>No phases yet</source>
        <translation>尚无阶段</translation>
    </message>
    <message>
        <location filename="../ui/charts/TimelineChart.cpp" line="331"/>
        <source>critical path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="245"/>
        <location filename="../ui/charts/LiveCharts.cpp" line="252"/>
        <location filename="../ui/charts/LiveCharts.cpp" line="279"/>
        <source>iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="253"/>
        <source>phase duration (s)</source>
        <translation>阶段时长 (s)</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="255"/>
        <source>No iteration finished yet</source>
        <translation>尚无完成的迭代</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="236"/>
        <source>GPU effective compute ratio (%)</source>
        <translation>GPU 有效计算占比 (%)</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="239"/>
        <source>GPU effective compute ratio</source>
        <translation>GPU 有效计算占比</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="295"/>
        <location filename="../ui/charts/LiveCharts.cpp" line="309"/>
        <location filename="../ui/charts/LiveCharts.cpp" line="316"/>
        <source>repetition</source>
        <translation>重复</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="296"/>
        <source>time (s)</source>
        <translation>时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="297"/>
        <source>No repetition finished yet</source>
        <translation>尚无完成的重复</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="312"/>
        <source>mean %1</source>
        <translation>均值 %1</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="360"/>
        <source>throughput (Gbit/s)</source>
        <translation>吞吐量 (Gbit/s)</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="361"/>
        <source>utilisation (%)</source>
        <translation>利用率 (%)</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="402"/>
        <source>No links chosen</source>
        <translation>未选择链路</translation>
    </message>
    <message>
        <location filename="../ui/charts/LiveCharts.cpp" line="403"/>
        <source>No link traffic yet</source>
        <translation>链路尚无流量</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="73"/>
        <source>Total time per phase</source>
        <translation>各阶段总时间</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="105"/>
        <source>no phases</source>
        <translation>无阶段</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="106"/>
        <source>total time (s)</source>
        <translation>总时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="114"/>
        <source>Time per centre</source>
        <translation>各中心时间</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="116"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="119"/>
        <source>comm.</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="120"/>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="121"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="143"/>
        <source>no centres</source>
        <translation>无中心</translation>
    </message>
    <message>
        <location filename="../ui/charts/SummaryCharts.cpp" line="144"/>
        <source>time over all iterations (s)</source>
        <translation>所有迭代总时间 (s)</translation>
    </message>
</context>
<context>
    <name>Commands</name>
    <message>
        <location filename="../ui/commands/AddLinkCommand.cpp" line="12"/>
        <source>Connect %1 – %2</source>
        <translation>连接 %1 – %2</translation>
    </message>
    <message>
        <location filename="../ui/commands/AddNodeCommand.cpp" line="12"/>
        <source>Add %1 “%2”</source>
        <translation>添加%1“%2”</translation>
    </message>
</context>
<context>
    <name>ExperimentDock</name>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="120"/>
        <source>%1: &apos;%2&apos; is not a number</source>
        <translation>%1：“%2”不是数字</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="166"/>
        <source>&lt;br&gt;unit: %1</source>
        <translation>&lt;br&gt;单位：%1</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="169"/>
        <source>&lt;br&gt;range: %1</source>
        <translation>&lt;br&gt;范围：%1</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="221"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="222"/>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="223"/>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="224"/>
        <source>Broadcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="225"/>
        <source>Intra-centre collective</source>
        <translation>中心内集合通信</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="226"/>
        <source>Inter-centre collective</source>
        <translation>中心间集合通信</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="227"/>
        <source>Transport (TCP)</source>
        <translation>传输层 (TCP)</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="228"/>
        <source>Communication (NCCL)</source>
        <translation>通信 (NCCL)</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="231"/>
        <source>Strategy</source>
        <translation>训练策略</translation>
    </message>
</context>
<context>
    <name>HelpDialogs</name>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="95"/>
        <source>Canvas</source>
        <translation>画布</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="96"/>
        <source>Link in any tool</source>
        <translation>在任意工具中连线</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="96"/>
        <source>Shift+drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="97"/>
        <source>Nudge the selection</source>
        <translation>微移所选项</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="97"/>
        <source>Arrow keys</source>
        <translation>方向键</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="98"/>
        <source>Select tool, clear the selection</source>
        <translation>选择工具，清除选择</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="98"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="99"/>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="99"/>
        <source>Space+drag, middle-button drag</source>
        <translation>空格+拖动，中键拖动</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="100"/>
        <source>Zoom around the cursor</source>
        <translation>以光标为中心缩放</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="100"/>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="113"/>
        <source>user-guide.md</source>
        <comment>file name of the user guide in this language (docs/)</comment>
        <translation>user-guide.zh_CN.md</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="106"/>
        <source>Meridian User Guide</source>
        <translation>Meridian 用户指南</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="123"/>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="128"/>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="128"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="128"/>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="153"/>
        <source>About Meridian</source>
        <translation>关于 Meridian</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="155"/>
        <source>&lt;h3&gt;Meridian %1&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Meridian %1&lt;/h3&gt;</translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="157"/>
        <source>Designer and simulator of AI training spread over compute centres joined by a wide-area network.&lt;br&gt;&lt;br&gt;Built with Qt %1.&lt;br&gt;Topology Zoo maps in presets/maps: S. Knight et al., The Internet Topology Zoo, CC BY-SA 3.0.</source>
        <translation>设计并模拟分布在多个计算中心、经广域网互联的 AI 训练。&lt;br&gt;&lt;br&gt;基于 Qt %1 构建。&lt;br&gt;presets/maps 中的 Topology Zoo 地图：S. Knight 等，The Internet Topology Zoo，CC BY-SA 3.0。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="35"/>
        <source>Meridian topology (*.topo)</source>
        <translation>Meridian 拓扑 (*.topo)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="43"/>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="46"/>
        <source>Where: %1</source>
        <translation>位置：%1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="48"/>
        <source>Problem: %1</source>
        <translation>问题：%1</translation>
    </message>
</context>
<context>
    <name>NodeStyle</name>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="35"/>
        <source>Compute centre</source>
        <translation>算力中心</translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="37"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="39"/>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="41"/>
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="43"/>
        <source>Host</source>
        <translation>主机</translation>
    </message>
</context>
<context>
    <name>PropertyEditor</name>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="110"/>
        <source>Out of range: must be %1%2</source>
        <translation>超出范围：必须在 %1%2</translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="22"/>
        <source>Not a bandwidth: try 25G, 400 Gbps or 100M</source>
        <translation>不是带宽：例如 25G、400 Gbps 或 100M</translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="28"/>
        <source>Not a duration: try 15ms, 2us or 1.5s</source>
        <translation>不是时长：例如 15ms、2us 或 1.5s</translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="33"/>
        <source>Not a fraction: try 0.1% or 0.001</source>
        <translation>不是比例：例如 0.1% 或 0.001</translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="69"/>
        <source>Must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="75"/>
        <source>Out of range: the number is too large</source>
        <translation>超出范围：数值过大</translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="94"/>
        <source>Not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="166"/>
        <source> — a bare number is a fraction; for percent type %1 %</source>
        <translation> — 不带单位的数字是比例；表示百分比请输入 %1 %</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="130"/>
        <source>Out of range: must be [-%1, %1] degrees</source>
        <translation>超出范围：必须在 [-%1, %1] 度之间</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="577"/>
        <location filename="../ui/PropertyEditor.cpp" line="733"/>
        <source>(multiple values)</source>
        <translation>（多个值）</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="754"/>
        <source>Set %1 of %2</source>
        <translation>设置 %2 的%1</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <location filename="../ui/report/Report.cpp" line="171"/>
        <source>setting</source>
        <translation>设置项</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="172"/>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="232"/>
        <source>Topology as drawn in the designer.</source>
        <translation>设计器中绘制的拓扑。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="240"/>
        <source>Phase timeline with the control plane: the critical path, every centre&apos;s own phases, the coordinators&apos; messages (lines from sender to receiver), trigger firings (dashed), order adoptions (diamonds) and failures (simulated time).</source>
        <translation>含控制平面的阶段时间线：关键路径、各中心自身的阶段、协调器之间的消息（从发送方到接收方的连线）、触发器触发（虚线）、指令采纳（菱形）和故障（仿真时间）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="246"/>
        <source>Phase timeline (simulated time).</source>
        <translation>阶段时间线（仿真时间）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="247"/>
        <source>Phase timeline: the critical path and every centre&apos;s own phases (simulated time).</source>
        <translation>阶段时间线：关键路径及各中心自身的阶段（仿真时间）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="255"/>
        <source>Time of every repetition and their mean.</source>
        <translation>每次重复的时间及其均值。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="256"/>
        <source>Phase durations per iteration (stacked) and GPU effective compute ratio (right axis).</source>
        <translation>每次迭代的阶段时长（堆叠）及 GPU 有效计算占比（右轴）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="266"/>
        <source>Throughput of the WAN links over simulated time (busier direction).</source>
        <translation>广域网链路随仿真时间的吞吐量（取较繁忙方向）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="273"/>
        <source>No per-link time series were kept for this run (the default above 512 links; meridian-cli run --link-series full keeps them).</source>
        <translation>此次运行未保留逐链路时间序列（超过 512 条链路时的默认设置；meridian-cli run --link-series full 可保留）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="271"/>
        <source>Total time per phase over the run.</source>
        <translation>整次运行中各阶段的总时间。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="275"/>
        <source>Per-centre compute, communication, update and idle time, summed over the iterations.</source>
        <translation>各中心的计算、通信、更新与空闲时间，按所有迭代求和。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="365"/>
        <source>Meridian simulation report — %1, %2 experiment, seed %3, %4 of simulated time.</source>
        <translation>Meridian 仿真报告 — %1，%2 实验，种子 %3，仿真时间 %4。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="430"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="432"/>
        <source>simulated time</source>
        <translation>仿真时间</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="383"/>
        <location filename="../ui/report/Report.cpp" line="582"/>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="388"/>
        <source>iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="390"/>
        <source>mean iteration time</source>
        <translation>平均迭代时间</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="391"/>
        <source>GPU effective compute</source>
        <translation>GPU 有效计算占比</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="401"/>
        <source>tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="401"/>
        <source>%1 GPUs per group; NVLink all-reduces %2 per iteration (slowest centre, exposed)</source>
        <translation>每组 %1 个 GPU；NVLink 全归约每次迭代 %2（最慢的中心，未被重叠）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="396"/>
        <source>centres / GPUs</source>
        <translation>中心数 / GPU 数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="403"/>
        <location filename="../ui/report/Report.cpp" line="610"/>
        <source>operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="407"/>
        <source>message size</source>
        <translation>消息大小</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="408"/>
        <source>mean time</source>
        <translation>平均时间</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="409"/>
        <source>algorithm / bus bandwidth</source>
        <translation>算法带宽 / 总线带宽</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="415"/>
        <source>control plane</source>
        <translation>控制平面</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="416"/>
        <source>%1 messages, %2 triggers fired; stopped at %3</source>
        <translation>%1 条消息，%2 个触发器触发；于 %3 停止</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="421"/>
        <source>%1 messages, %2 triggers fired, %3 failures detected</source>
        <translation>%1 条消息，%2 个触发器触发，检测到 %3 次故障</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="740"/>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="741"/>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="463"/>
        <source>Compute centres</source>
        <translation>算力中心</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="464"/>
        <location filename="../ui/report/Report.cpp" line="560"/>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="465"/>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="466"/>
        <location filename="../ui/report/Report.cpp" line="869"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="467"/>
        <location filename="../ui/report/Report.cpp" line="870"/>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="468"/>
        <source>fabric</source>
        <translation>互连</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="567"/>
        <location filename="../ui/report/Report.cpp" line="889"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="534"/>
        <source> (b→a differs)</source>
        <translation>（b→a 不同）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="536"/>
        <source> (scheduled changes)</source>
        <translation>（有计划变更）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="561"/>
        <source>endpoints</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>delay (one-way)</source>
        <translation>时延（单向）</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>丢包率</translation>
    </message>
    <message>
        <source>jitter</source>
        <translation>抖动</translation>
    </message>
    <message>
        <source>queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="570"/>
        <source>… and %1 more links (see the .topo file).</source>
        <translation>… 另有 %1 条链路（见 .topo 文件）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="638"/>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="628"/>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="630"/>
        <source>iterations (run)</source>
        <translation>迭代次数（本次运行）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="633"/>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="585"/>
        <source>model parameters</source>
        <translation>模型参数量</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="588"/>
        <source>dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="590"/>
        <source>parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="591"/>
        <source>global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="592"/>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="594"/>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="595"/>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="597"/>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="598"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="599"/>
        <source>activation recompute</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="339"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="340"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="601"/>
        <source>source centre</source>
        <translation>源中心</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="602"/>
        <source>optimiser step</source>
        <translation>优化器步骤</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="603"/>
        <source>from the compute model</source>
        <translation>由计算模型得出</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="615"/>
        <source>participants</source>
        <translation>参与者</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="616"/>
        <source>bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="617"/>
        <source>repeat</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="619"/>
        <source>parallel streams</source>
        <translation>并行流数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="693"/>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="644"/>
        <source>NCCL default</source>
        <translation>NCCL 默认</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="679"/>
        <source>broadcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="682"/>
        <source>weights and dataset shards</source>
        <translation>权重与数据集分片</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="683"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="661"/>
        <source>order %1</source>
        <translation>顺序 %1</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="667"/>
        <source>gateways %1</source>
        <translation>网关 %1</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="685"/>
        <location filename="../ui/report/Report.cpp" line="813"/>
        <source>intra-centre</source>
        <translation>中心内</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="687"/>
        <location filename="../ui/report/Report.cpp" line="814"/>
        <source>inter-centre</source>
        <translation>中心间</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="694"/>
        <location filename="../ui/report/Report.cpp" line="787"/>
        <location filename="../ui/report/Report.cpp" line="940"/>
        <source>phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="695"/>
        <source>algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="696"/>
        <source>protocol</source>
        <translation>协议</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="697"/>
        <source>chunks</source>
        <translation>分块数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="698"/>
        <source>notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="734"/>
        <source>Communication and transport</source>
        <translation>通信与传输</translation>
    </message>
    <message>
        <source>channels</source>
        <translation>通道数</translation>
    </message>
    <message>
        <source>buffer size</source>
        <translation>缓冲区大小</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>sockets per connection</source>
        <translation>每连接套接字数</translation>
    </message>
    <message>
        <source>TCP MSS</source>
        <translation>TCP MSS</translation>
    </message>
    <message>
        <source>TCP initial window</source>
        <translation>TCP 初始窗口</translation>
    </message>
    <message>
        <source>%1 segments</source>
        <translation>%1 个报文段</translation>
    </message>
    <message>
        <source>TCP max window</source>
        <translation>TCP 最大窗口</translation>
    </message>
    <message>
        <source>TCP min RTO</source>
        <translation>TCP 最小 RTO</translation>
    </message>
    <message>
        <source>slow start after idle</source>
        <translation>空闲后慢启动</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="958"/>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="786"/>
        <source>Phases</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="788"/>
        <source>count</source>
        <translation>次数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="789"/>
        <location filename="../ui/report/Report.cpp" line="816"/>
        <source>total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="790"/>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="791"/>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="792"/>
        <source>share of run</source>
        <translation>占运行比例</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="810"/>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="811"/>
        <location filename="../ui/report/Report.cpp" line="941"/>
        <location filename="../ui/report/Report.cpp" line="1167"/>
        <source>iteration</source>
        <translation>迭代</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="812"/>
        <location filename="../ui/report/Report.cpp" line="871"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="815"/>
        <location filename="../ui/report/Report.cpp" line="873"/>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="817"/>
        <source>GPU eff. compute</source>
        <translation>GPU 有效计算</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="827"/>
        <source>Repetitions</source>
        <translation>重复</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="828"/>
        <source>repetition</source>
        <translation>重复</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="829"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="847"/>
        <source>Control plane</source>
        <translation>控制平面</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="867"/>
        <source>Centres</source>
        <translation>中心</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="868"/>
        <location filename="../ui/report/Report.cpp" line="1125"/>
        <location filename="../ui/report/Report.cpp" line="1141"/>
        <source>centre</source>
        <translation>中心</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="872"/>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="874"/>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="890"/>
        <source>link</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="891"/>
        <source>bytes (both directions)</source>
        <translation>字节数（双向）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="892"/>
        <source>mean utilisation</source>
        <translation>平均利用率</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="893"/>
        <source>peak utilisation</source>
        <translation>峰值利用率</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="896"/>
        <source>… and %1 more links (links.csv has all).</source>
        <translation>… 另有 %1 条链路（完整数据见 links.csv）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="903"/>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="904"/>
        <source>events</source>
        <translation>事件数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="906"/>
        <source>transfers (flows)</source>
        <translation>传输（流）数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="908"/>
        <source>link samples</source>
        <translation>链路采样</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="909"/>
        <source>%1 every %2</source>
        <translation>%1，每 %2 一次</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="916"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="918"/>
        <source>None.</source>
        <translation>无。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="939"/>
        <source>Phase timeline</source>
        <translation>阶段时间线</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="942"/>
        <source>start (s)</source>
        <translation>开始 (s)</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="943"/>
        <source>end (s)</source>
        <translation>结束 (s)</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="944"/>
        <source>duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="948"/>
        <source>… and %1 more phases (phases.csv has all).</source>
        <translation>… 另有 %1 个阶段（完整数据见 phases.csv）。</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1075"/>
        <source>messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1077"/>
        <source>instant (no delay, no loss)</source>
        <translation>即时（无时延、无丢失）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1078"/>
        <source>through the network</source>
        <translation>经由网络</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1079"/>
        <source>synchronisation</source>
        <translation>同步方式</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1080"/>
        <source>local progress (bounded lead)</source>
        <translation>本地推进（有界超前）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1081"/>
        <source>global barrier</source>
        <translation>全局屏障</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1082"/>
        <source>protocol messages sent</source>
        <translation>已发送协议消息</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1084"/>
        <source>transmissions (retransmissions)</source>
        <translation>传输次数（重传）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1086"/>
        <source>acknowledgements / heartbeats</source>
        <translation>确认 / 心跳</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1088"/>
        <source>bytes on the wire</source>
        <translation>线上字节数</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1089"/>
        <source>copies lost</source>
        <translation>丢失的副本</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1090"/>
        <source>deliveries (reordered, duplicates)</source>
        <translation>投递（重排序、重复）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1092"/>
        <source>causal buffering wait (mean / max)</source>
        <translation>因果缓冲等待（平均 / 最大）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1108"/>
        <source>Trigger firings</source>
        <translation>触发器触发记录</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1109"/>
        <source>trigger</source>
        <translation>触发器</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1110"/>
        <source>action</source>
        <translation>动作</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1111"/>
        <source>fired at (s)</source>
        <translation>触发时间（秒）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1112"/>
        <location filename="../ui/report/Report.cpp" line="1127"/>
        <source>Lamport time</source>
        <translation>Lamport 时间</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1113"/>
        <source>applies from iteration</source>
        <translation>自迭代起生效</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1123"/>
        <source>Adoption per centre</source>
        <translation>各中心采纳情况</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1124"/>
        <source>order</source>
        <translation>指令</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1126"/>
        <source>adopted at (s)</source>
        <translation>采纳时间（秒）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1128"/>
        <source>from iteration</source>
        <translation>起始迭代</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1140"/>
        <source>Failures detected</source>
        <translation>检测到的故障</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1138"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1142"/>
        <source>failed at (s)</source>
        <translation>故障时间（秒）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1143"/>
        <source>detected at (s)</source>
        <translation>检测时间（秒）</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1144"/>
        <source>detected by</source>
        <translation>检测者</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1145"/>
        <source>outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1188"/>
        <source>The run stopped at %1: %2</source>
        <translation>运行于 %1 停止：%2</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1166"/>
        <source>Coordination per iteration</source>
        <translation>各迭代的协调</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1168"/>
        <source>members</source>
        <translation>成员</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1169"/>
        <source>wait for READY</source>
        <translation>等待 READY</translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="1170"/>
        <source>wait for COMMIT</source>
        <translation>等待 COMMIT</translation>
    </message>
</context>
<context>
    <name>RunHistory</name>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="35"/>
        <source>%1: %2 → (default)</source>
        <translation>%1：%2 → （默认）</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="45"/>
        <source>%1: (default) → %2</source>
        <translation>%1：（默认） → %2</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="50"/>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="71"/>
        <source>%1 removed</source>
        <translation>已移除 %1</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="81"/>
        <source>%1 %2 added</source>
        <translation>已添加%1 %2</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="92"/>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="94"/>
        <source>link</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="100"/>
        <source>experiment %1</source>
        <translation>实验 %1</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="116"/>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="118"/>
        <source>first run</source>
        <translation>首次运行</translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="122"/>
        <source>no change (same inputs)</source>
        <translation>无变化（输入相同）</translation>
    </message>
</context>
<context>
    <name>RunWorkbench</name>
    <message>
        <source>intra-centre all-reduce</source>
        <translation>中心内 all-reduce</translation>
    </message>
    <message>
        <source>inter-centre all-reduce</source>
        <translation>中心间 all-reduce</translation>
    </message>
    <message>
        <location filename="../ui/run/UtilisationLegend.cpp" line="28"/>
        <source>Link utilisation (width and colour)</source>
        <translation>链路利用率（线宽与颜色）</translation>
    </message>
    <message>
        <location filename="../ui/run/LiveStatus.cpp" line="15"/>
        <source>between phases — t = %1</source>
        <translation>阶段之间 — t = %1</translation>
    </message>
    <message>
        <location filename="../ui/run/LiveStatus.cpp" line="19"/>
        <source>iteration %1: %2</source>
        <translation>迭代 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/run/LiveStatus.cpp" line="42"/>
        <source>%1 — t = %2 · %3 of %4</source>
        <translation>%1 — t = %2 · %3 / %4</translation>
    </message>
    <message>
        <location filename="../ui/run/LiveStatus.cpp" line="45"/>
        <source>%1 — t = %2 · %3 into the phase</source>
        <translation>%1 — t = %2 · 本阶段已进行 %3</translation>
    </message>
    <message>
        <location filename="../ui/run/LiveStatus.cpp" line="52"/>
        <source>The run: %1 % of its phases finished.</source>
        <translation>整个运行：已完成 %1 % 的阶段。</translation>
    </message>
    <message>
        <location filename="../ui/run/LiveStatus.cpp" line="58"/>
        <source>%1 started at t = %2 and has run %3. Its collectives and transfers have delivered %4 of the %5 they move.</source>
        <translation>%1 于 t = %2 开始，已进行 %3。其集合通信与传输已送达 %4，共需传输 %5。</translation>
    </message>
    <message>
        <location filename="../ui/run/LiveStatus.cpp" line="64"/>
        <source>%1 started at t = %2 and has run %3. It moves no bytes of its own.</source>
        <translation>%1 于 t = %2 开始，已进行 %3。此阶段本身不传输数据。</translation>
    </message>
    <message>
        <location filename="../ui/run/LiveStatus.cpp" line="73"/>
        <source>%1 %p %</source>
        <translation>%1 %p %</translation>
    </message>
</context>
<context>
    <name>meridian::ui::Autosave</name>
    <message>
        <location filename="../ui/Autosave.cpp" line="129"/>
        <source>There is no recovery file %1.</source>
        <translation>恢复文件 %1 不存在。</translation>
    </message>
    <message>
        <location filename="../ui/Autosave.cpp" line="135"/>
        <source>The recovery file %1 belongs to a running Meridian window.</source>
        <translation>恢复文件 %1 属于一个正在运行的 Meridian 窗口。</translation>
    </message>
</context>
<context>
    <name>meridian::ui::DockLayout</name>
    <message>
        <location filename="../ui/DockLayout.cpp" line="24"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/DockLayout.cpp" line="26"/>
        <source>Put every dock back where it starts, sized for this window</source>
        <translation>将所有停靠窗口放回初始位置，并按本窗口大小调整</translation>
    </message>
</context>
<context>
    <name>meridian::ui::Document</name>
    <message>
        <location filename="../ui/Document.cpp" line="29"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
</context>
<context>
    <name>meridian::ui::ExperimentDock</name>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="240"/>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="315"/>
        <source>default (%1)</source>
        <translation>默认 (%1)</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="378"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="382"/>
        <source>(model file)</source>
        <translation>（模型文件）</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="389"/>
        <source>Set model preset %1</source>
        <translation>设置模型预设 %1</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="391"/>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="395"/>
        <source>config.json, .safetensors or .onnx</source>
        <translation>config.json、.safetensors 或 .onnx</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="396"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="399"/>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="406"/>
        <location filename="../ui/run/ExperimentDock.cpp" line="723"/>
        <source>Set model file %1</source>
        <translation>设置模型文件 %1</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="491"/>
        <source>This file has no experiment: edit any field to create one.</source>
        <translation>此文件没有实验：编辑任意字段即可创建。</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="504"/>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Refused: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b00020&apos;&gt;已拒绝：%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="512"/>
        <source>&lt;span style=&apos;color:#1b7f3b&apos;&gt;Experiment valid.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#1b7f3b&apos;&gt;实验有效。&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="556"/>
        <source>No model chosen.</source>
        <translation>未选择模型。</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="562"/>
        <source>%1 transformer blocks</source>
        <translation>%1 个 Transformer 块</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="564"/>
        <source>%1 layers</source>
        <translation>%1 层</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="566"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 parameters (%3 of weights), %4&lt;br&gt;%5 FLOP/token forward, %6 FLOP/token training</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 参数（权重 %3），%4&lt;br&gt;前向 %5 FLOP/token，训练 %6 FLOP/token</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="600"/>
        <source>fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="600"/>
        <source>&lt;b&gt;does not fit&lt;/b&gt;</source>
        <translation>&lt;b&gt;放不下&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="575"/>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;%1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b00020&apos;&gt;%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="667"/>
        <source>Reset %1</source>
        <translation>重置 %1</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="668"/>
        <source>Set %1 = %2</source>
        <translation>设置 %1 = %2</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="709"/>
        <source>Set experiment kind %1</source>
        <translation>设置实验类型 %1</translation>
    </message>
    <message numerus="yes">
        <source>Background traffic: %n generator(s), edited in the Traffic dock (docs/traffic.md).</source>
        <translation>
            <numerusform>背景流量：%n 个生成器，在“流量”停靠窗口中编辑（docs/traffic.md）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="718"/>
        <source>Model file</source>
        <translation>模型文件</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="719"/>
        <source>Models (config.json *.json *.safetensors *.onnx);;All files (*)</source>
        <translation>模型 (config.json *.json *.safetensors *.onnx);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="507"/>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Error: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b00020&apos;&gt;错误：%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="509"/>
        <source>&lt;span style=&apos;color:#b06000&apos;&gt;Runs, with a warning: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b06000&apos;&gt;可以运行，但有警告：%1&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="602"/>
        <source> (ZeRO-%1 with recomputation fits: %2 per GPU)</source>
        <translation>（ZeRO-%1 加激活重计算可容纳：每 GPU %2）</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="603"/>
        <source> (ZeRO-%1 fits: %2 per GPU)</source>
        <translation>（ZeRO-%1 可容纳：每 GPU %2）</translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="606"/>
        <source>&lt;br&gt;%1 (%2 × %3): %4 of %5 per GPU — %6</source>
        <translation>&lt;br&gt;%1（%2 × %3）：每 GPU %4 / %5 — %6</translation>
    </message>
</context>
<context>
    <name>meridian::ui::GeneratorDialog</name>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="25"/>
        <source>Generate topology</source>
        <translation>生成拓扑</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="31"/>
        <source>Generator:</source>
        <translation>生成器：</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="37"/>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="47"/>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="49"/>
        <source>Replace the current drawing</source>
        <translation>替换当前图</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="50"/>
        <source>Add next to the current drawing</source>
        <translation>添加到当前图旁</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="59"/>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="160"/>
        <source>→ %1 nodes, %2 links</source>
        <translation>→ %1 个节点，%2 条链路</translation>
    </message>
</context>
<context>
    <name>meridian::ui::LayoutController</name>
    <message>
        <location filename="../ui/LayoutController.cpp" line="58"/>
        <source>Spring layout not available</source>
        <translation>弹簧布局不可用</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="59"/>
        <source>The largest connected part of this drawing has %1 nodes. The spring (Kamada–Kawai) layout stores the distance between every pair of nodes (about %2 MB here) and its running time grows faster than the square of the node count, so it is limited to %3 connected nodes.

Use the force-directed layout instead: it handles 10,000 nodes in seconds.</source>
        <translation>此图最大的连通部分有 %1 个节点。弹簧（Kamada–Kawai）布局需存储每对节点之间的距离（此处约 %2 MB），且运行时间的增长快于节点数的平方，因此限制为 %3 个连通节点。

请改用力导向布局：它可在数秒内处理 10,000 个节点。</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="79"/>
        <source>Force-directed layout</source>
        <translation>力导向布局</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="84"/>
        <source>Spring layout</source>
        <translation>弹簧布局</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="87"/>
        <location filename="../ui/LayoutController.cpp" line="89"/>
        <source>Geographic layout</source>
        <translation>地理布局</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="90"/>
        <source>No node has a latitude and longitude. Set them in the property editor or import a GraphML map.</source>
        <translation>没有节点具有经纬度。请在属性编辑器中设置，或导入 GraphML 地图。</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="118"/>
        <source>%1 running…</source>
        <translation>%1 运行中…</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="138"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="159"/>
        <source>Computing the %1 of %2 nodes…
You can keep working, but if you edit the drawing before it finishes, the layout result is discarded.</source>
        <translation>正在计算 %2 个节点的%1…
您可以继续工作，但如果在完成前编辑了图，布局结果将被丢弃。</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="179"/>
        <source>%1 cancelled; nothing was moved.</source>
        <translation>%1 已取消；未移动任何节点。</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="187"/>
        <source>%1 discarded: the drawing was edited while it was being computed. Run it again to apply it.</source>
        <translation>%1 已丢弃：计算期间图被编辑过。请重新运行以应用。</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="194"/>
        <source>%1: every node is already in place.</source>
        <translation>%1：所有节点均已就位。</translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="198"/>
        <source>%1 done in %2 s.</source>
        <translation>%1 完成，用时 %2 s。</translation>
    </message>
</context>
<context>
    <name>meridian::ui::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="202"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="204"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="207"/>
        <source>Open topology</source>
        <translation>打开拓扑</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="211"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="217"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="219"/>
        <location filename="../ui/MainWindowFiles.cpp" line="245"/>
        <source>Save topology</source>
        <translation>保存拓扑</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="225"/>
        <source>Ctrl+W</source>
        <translation>Ctrl+W</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="232"/>
        <source>&amp;Import GraphML…</source>
        <translation>导入 GraphML(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="232"/>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="234"/>
        <source>Import GraphML (Topology Zoo)</source>
        <translation>导入 GraphML（Topology Zoo）</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="235"/>
        <source>GraphML (*.graphml *.xml)</source>
        <translation>GraphML (*.graphml *.xml)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="239"/>
        <source>Export as &amp;PNG…</source>
        <translation>导出为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="241"/>
        <source>Export PNG</source>
        <translation>导出 PNG</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="241"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="245"/>
        <source>Export as S&amp;VG…</source>
        <translation>导出为 SVG(&amp;V)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="247"/>
        <source>Export SVG</source>
        <translation>导出 SVG</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="247"/>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="251"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="256"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="259"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="263"/>
        <source>Ctrl+Y</source>
        <translation>Ctrl+Y</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="263"/>
        <source>Ctrl+Shift+Z</source>
        <translation>Ctrl+Shift+Z</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="268"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="270"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="272"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="274"/>
        <source>D&amp;uplicate</source>
        <translation>复制一份(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="274"/>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="276"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="280"/>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="282"/>
        <source>Collapse / &amp;Expand Centre</source>
        <translation>折叠 / 展开算力中心(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="283"/>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="293"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="296"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="298"/>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="298"/>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="301"/>
        <source>&amp;Fit to View</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="301"/>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="304"/>
        <source>Show &amp;Grid</source>
        <translation>显示网格(&amp;G)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="304"/>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="308"/>
        <source>&amp;Snap to Grid</source>
        <translation>对齐网格(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="315"/>
        <source>&amp;Select</source>
        <translation>选择(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="315"/>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="319"/>
        <source>&amp;Link Tool</source>
        <translation>连线工具(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="319"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="328"/>
        <source>Link tool (L): drag from one node to another. Shift+drag works in any tool.</source>
        <translation>链路工具 (L)：从一个节点拖到另一个节点。任何工具下都可按住 Shift 拖动。</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="333"/>
        <source>&amp;Generate Topology…</source>
        <translation>生成拓扑(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="334"/>
        <source>Ctrl+Shift+G</source>
        <translation>Ctrl+Shift+G</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="335"/>
        <source>&amp;Force-Directed Layout</source>
        <translation>力导向布局(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="337"/>
        <source>&amp;Spring Layout (Kamada–Kawai)</source>
        <translation>弹簧布局（Kamada–Kawai）(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="339"/>
        <source>&amp;Geographic Layout</source>
        <translation>地理布局(&amp;G)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="368"/>
        <source>Palette</source>
        <translation>组件面板</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="370"/>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="372"/>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="374"/>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="377"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="391"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="395"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="397"/>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="406"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="414"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="425"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="430"/>
        <source>&amp;Layout</source>
        <translation>布局(&amp;L)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="461"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="495"/>
        <source> (running, read-only)</source>
        <translation>（运行中，只读）</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="505"/>
        <source>&lt;new document&gt;</source>
        <translation>&lt;新文档&gt;</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="506"/>
        <source>&lt;opened %1&gt;</source>
        <translation>&lt;已打开 %1&gt;</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="514"/>
        <source>1 node</source>
        <translation>1 个节点</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="514"/>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="516"/>
        <source>1 link</source>
        <translation>1 条链路</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="516"/>
        <source>%1 links</source>
        <translation>%1 条链路</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="520"/>
        <source>Link tool: drag from a node to another node. Esc returns to Select.</source>
        <translation>链路工具：从一个节点拖到另一个节点。按 Esc 返回选择工具。</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="521"/>
        <source>Drag kinds from the palette · Shift+drag between nodes to link · wheel zooms · middle/Space+drag pans</source>
        <translation>从面板拖入类型 · Shift+拖动连接节点 · 滚轮缩放 · 中键/空格+拖动平移</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="525"/>
        <source>Read-only while the run is active · wheel zooms · middle/Space+drag pans</source>
        <translation>运行期间只读 · 滚轮缩放 · 中键/空格+拖动平移</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="175"/>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="176"/>
        <source>“%1” has unsaved changes. Save them?</source>
        <translation>“%1” 有未保存的修改，是否保存？</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="207"/>
        <source>Cannot open file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="216"/>
        <source>%1 gives no node positions; laying it out.</source>
        <translation>%1 未给出节点位置，正在自动布局。</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="258"/>
        <source>Cannot save file</source>
        <translation>无法保存文件</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="263"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="277"/>
        <source>Recover unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="278"/>
        <source>Meridian was closed without saving %1 (autosaved %2). Restore the automatically saved copy?</source>
        <translation>Meridian 关闭时未保存 %1（自动保存于 %2）。是否恢复自动保存的副本？</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="280"/>
        <source>an untitled drawing</source>
        <translation>未命名的图</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="290"/>
        <source>Cannot recover</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="339"/>
        <location filename="../ui/MainWindowFiles.cpp" line="344"/>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="350"/>
        <source>Cannot import GraphML</source>
        <translation>无法导入 GraphML</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="384"/>
        <location filename="../ui/MainWindowFiles.cpp" line="396"/>
        <location filename="../ui/MainWindowFiles.cpp" line="416"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="384"/>
        <source>Could not encode %1 as PNG</source>
        <translation>无法将 %1 编码为 PNG</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="413"/>
        <source>Topology exported by Meridian</source>
        <translation>由 Meridian 导出的拓扑</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="416"/>
        <source>Could not render %1 as SVG</source>
        <translation>无法将 %1 渲染为 SVG</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="606"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="615"/>
        <source>Duplicate</source>
        <translation>复制一份</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="666"/>
        <source>Generate %1</source>
        <translation>生成 %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="685"/>
        <source>Cannot generate</source>
        <translation>无法生成</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="215"/>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="229"/>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="439"/>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="441"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="443"/>
        <source>&amp;About Meridian</source>
        <translation>关于 Meridian(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="450"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="166"/>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="198"/>
        <source>Closed %1</source>
        <translation>已关闭 %1</translation>
    </message>
</context>
<context>
    <name>meridian::ui::OutlineView</name>
    <message>
        <location filename="../ui/OutlineView.cpp" line="225"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="225"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="241"/>
        <source>1 GPU</source>
        <translation>1 个 GPU</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="242"/>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="243"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="308"/>
        <source>1 node</source>
        <translation>1 个节点</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="308"/>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="310"/>
        <source>1 link</source>
        <translation>1 条链路</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="310"/>
        <source>%1 links</source>
        <translation>%1 条链路</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="317"/>
        <source>Compute centres</source>
        <translation>算力中心</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="318"/>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="319"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
</context>
<context>
    <name>meridian::ui::PaletteWidget</name>
    <message>
        <location filename="../ui/PaletteWidget.cpp" line="27"/>
        <source>Drag onto the canvas to add a %1</source>
        <translation>拖到画布上以添加%1</translation>
    </message>
</context>
<context>
    <name>meridian::ui::PropertyEditor</name>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="150"/>
        <source>Select a node or a link to edit its attributes.

Several items of one kind can be edited together.</source>
        <translation>选择一个节点或链路以编辑其属性。

同类的多个对象可一起编辑。</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="257"/>
        <location filename="../ui/PropertyEditor.cpp" line="352"/>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="261"/>
        <location filename="../ui/PropertyEditor.cpp" line="356"/>
        <source>The id cannot be empty</source>
        <translation>标识不能为空</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="263"/>
        <source>Another node already has the id “%1”</source>
        <translation>另一个节点已使用 ID“%1”</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="269"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>IP / prefix</source>
        <translation>IP / 前缀</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="314"/>
        <source>Not an address or prefix: try 10.1.0.0/16</source>
        <translation>不是地址或前缀：例如 10.1.0.0/16</translation>
    </message>
    <message>
        <source>CPU cores</source>
        <translation>CPU 核数</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="332"/>
        <source>Not a size: try 2048 (GB) or 2 TiB</source>
        <translation>不是大小：例如 2048 (GB) 或 2 TiB</translation>
    </message>
    <message>
        <source>GPU model</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>中心内部网络</translation>
    </message>
    <message>
        <source>Unknown fabric “%1”</source>
        <translation>未知互连“%1”</translation>
    </message>
    <message>
        <source>Fabric links</source>
        <translation>内部网络链路</translation>
    </message>
    <message>
        <source>Fabric hop latency</source>
        <translation>内部网络单跳时延</translation>
    </message>
    <message>
        <source>GPUs per server</source>
        <translation>每台服务器 GPU 数</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="291"/>
        <source>Latitude</source>
        <translation>纬度</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="292"/>
        <source>Longitude</source>
        <translation>经度</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="393"/>
        <source>Override for the b→a direction; leave empty to use the a→b value.</source>
        <translation>b→a 方向的覆盖值；留空则使用 a→b 的值。</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="394"/>
        <source>same as a→b</source>
        <translation>与 a→b 相同</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="358"/>
        <source>Another link already has the id “%1”</source>
        <translation>另一条链路已使用 ID“%1”</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Delay (one-way)</source>
        <translation>时延（单向）</translation>
    </message>
    <message>
        <source>Jitter</source>
        <translation>时延抖动</translation>
    </message>
    <message>
        <source>Jitter distribution</source>
        <translation>抖动分布</translation>
    </message>
    <message>
        <source>Unknown distribution “%1”</source>
        <translation>未知分布“%1”</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>丢包率</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列大小</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="420"/>
        <source>Not a queue size: try 1000 (packets) or 1.5 MB</source>
        <translation>不是队列大小：例如 1000（包）或 1.5 MB</translation>
    </message>
    <message>
        <source>Duplex</source>
        <translation>双工</translation>
    </message>
    <message>
        <source>Unknown duplex “%1”</source>
        <translation>未知双工模式“%1”</translation>
    </message>
    <message>
        <source>b→a bandwidth</source>
        <translation>b→a 带宽</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="396"/>
        <source>Reverse direction (b→a) overrides</source>
        <translation>反向 (b→a) 覆盖</translation>
    </message>
    <message>
        <source>b→a delay</source>
        <translation>b→a 时延</translation>
    </message>
    <message>
        <source>b→a loss</source>
        <translation>b→a 丢包率</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="442"/>
        <source>Schedule (changes over simulated time)</source>
        <translation>计划（随仿真时间的变更）</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="448"/>
        <source>Add step</source>
        <translation>添加步骤</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="449"/>
        <source>Remove step</source>
        <translation>删除步骤</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="455"/>
        <source>At</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Delay</source>
        <translation>时延</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="458"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="468"/>
        <source>Each row changes the link from its time on: e.g. at 600s, bandwidth 5G. Empty cells keep the value. State: up/down/empty.</source>
        <translation>每行从其时间起更改链路：例如在 600s 时带宽变为 5G。空单元格保持原值。状态：up/down/空。</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="605"/>
        <source>%1 “%2”</source>
        <translation>%1“%2”</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/PropertyEditor.cpp" line="606"/>
        <location filename="../ui/PropertyEditor.cpp" line="762"/>
        <source>%n nodes</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="608"/>
        <source> (1 selected link not edited)</source>
        <translation>（1 条选中的链路未编辑）</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="609"/>
        <source> (%1 selected links not edited)</source>
        <translation>（%1 条选中的链路未编辑）</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="615"/>
        <source>Link %1 – %2</source>
        <translation>链路 %1 – %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/PropertyEditor.cpp" line="616"/>
        <location filename="../ui/PropertyEditor.cpp" line="774"/>
        <source>%n links</source>
        <translation>
            <numerusform>%n 条链路</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="663"/>
        <source>Row %1: “At” must be a time ≥ 0, e.g. 600s</source>
        <translation>第 %1 行：“时间”必须 ≥ 0，例如 600s</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="674"/>
        <source>Row %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="685"/>
        <source>Row %1: state must be up, down or empty</source>
        <translation>第 %1 行：状态必须为 up、down 或空</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="714"/>
        <source>Edit schedule of %1</source>
        <translation>编辑 %1 的计划</translation>
    </message>
    <message>
        <source>Fabric topology</source>
        <translation>中心内部网络</translation>
    </message>
    <message>
        <source>Jitter correlation</source>
        <translation>抖动相关系数</translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="88"/>
        <source>Unknown %1 “%2”</source>
        <translation>未知的%1“%2”</translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="392"/>
        <source>b→a %1</source>
        <translation>b→a %1</translation>
    </message>
</context>
<context>
    <name>meridian::ui::ResultsDock</name>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="151"/>
        <location filename="../ui/run/ResultsDock.cpp" line="174"/>
        <source>No results yet: run the experiment (Run ▸ Run).</source>
        <translation>尚无结果：请运行实验（运行 ▸ 运行）。</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="156"/>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="158"/>
        <source>Copy the table shown, in its current order, as CSV</source>
        <translation>按当前顺序将所显示的表格复制为 CSV</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="204"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 experiment, seed %3: simulated %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2 实验，种子 %3：仿真 %4</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="212"/>
        <source>, %1 iterations, GPU effective compute %2 %</source>
        <translation>，%1 次迭代，GPU 有效计算 %2 %</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="217"/>
        <source>, mean %1, busbw %2 Gbit/s</source>
        <translation>，均值 %1，总线带宽 %2 Gbit/s</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="222"/>
        <source>; control plane: %1 messages, %2 retransmissions, %3 triggers fired, %4 failures detected</source>
        <translation>；控制平面：%1 条消息，%2 次重传，%3 个触发器触发，检测到 %4 次故障</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="229"/>
        <source>, stopped at %1</source>
        <translation>，于 %1 停止</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="232"/>
        <source>; engine: %1 events, %2 flows</source>
        <translation>；引擎：%1 个事件，%2 个流</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="239"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="241"/>
        <source> (and %1 more: hover to read them)</source>
        <translation>（另有 %1 条：悬停查看）</translation>
    </message>
</context>
<context>
    <name>meridian::ui::RunView</name>
    <message>
        <location filename="../ui/run/RunView.cpp" line="62"/>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="65"/>
        <source>Iterations</source>
        <translation>迭代</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="97"/>
        <source>Throughput (Gbit/s)</source>
        <translation>吞吐量 (Gbit/s)</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="98"/>
        <source>Off: utilisation in %; on: throughput = utilisation × bandwidth</source>
        <translation>关：以 % 显示利用率；开：吞吐量 = 利用率 × 带宽</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="107"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="74"/>
        <source>The summary charts appear when a run has finished.</source>
        <translation>运行结束后将显示汇总图表。</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="75"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="121"/>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="135"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="84"/>
        <source>Control plane</source>
        <translation>控制平面</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="322"/>
        <location filename="../ui/run/RunView.cpp" line="368"/>
        <source>total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="325"/>
        <source>time per run (s)</source>
        <translation>每次运行时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="375"/>
        <source>changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="388"/>
        <source> (same)</source>
        <translation>（相同）</translation>
    </message>
</context>
<context>
    <name>meridian::ui::RunWorkbench</name>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="41"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="249"/>
        <source>Run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="53"/>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="61"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="166"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="69"/>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="118"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="152"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="298"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="118"/>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="125"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="125"/>
        <source>F6</source>
        <translation>F6</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="127"/>
        <source>S&amp;tep One Phase</source>
        <translation>单步执行一个阶段(&amp;T)</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="127"/>
        <source>F10</source>
        <translation>F10</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="129"/>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="129"/>
        <source>Shift+F5</source>
        <translation>Shift+F5</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="131"/>
        <source>Export &amp;Report (HTML/PDF)…</source>
        <translation>导出报告(&amp;R) (HTML/PDF)…</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="134"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="319"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="330"/>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="134"/>
        <source>HTML report (*.html);;PDF report (*.pdf)</source>
        <translation>HTML 报告 (*.html);;PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="139"/>
        <source>Export Results (JSON, CSV)…</source>
        <translation>导出结果 (JSON, CSV)…</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="141"/>
        <source>Export results into folder</source>
        <translation>将结果导出到文件夹</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="159"/>
        <source>Speed: as fast as possible, or simulated time at a multiple of wall time</source>
        <translation>速度：尽可能快，或使仿真时间按实际时间的倍数推进</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="161"/>
        <source>As fast as possible</source>
        <translation>尽可能快</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="163"/>
        <source>Paced ×%1</source>
        <translation>定速 ×%1</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="203"/>
        <source>Cannot run the experiment</source>
        <translation>无法运行实验</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="237"/>
        <source>Running — the topology is read-only until the run ends</source>
        <translation>运行中 — 运行结束前拓扑为只读</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="240"/>
        <source>Paused at %1 s — Run resumes, Step runs one phase</source>
        <translation>已暂停于 %1 s — “运行”继续，“单步”执行一个阶段</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="256"/>
        <source>Paused: %1</source>
        <translation>已暂停：%1</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="257"/>
        <source>Run resumes, Step runs one phase</source>
        <translation>“运行”继续，“单步”执行一个阶段</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="244"/>
        <source>Run stopped: nothing kept</source>
        <translation>运行已停止：未保留任何结果</translation>
    </message>
    <message>
        <source>between phases</source>
        <translation>阶段之间</translation>
    </message>
    <message>
        <source>iteration %1: %2</source>
        <translation>第 %1 次迭代：%2</translation>
    </message>
    <message>
        <source>%1 — t = %2 · %3 % done</source>
        <translation>%1 — t = %2 · 已完成 %3 %</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="281"/>
        <source>%1 finished: simulated %2 (links show mean utilisation)</source>
        <translation>%1 已完成：仿真 %2（链路显示平均利用率）</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="285"/>
        <source> — 1 warning (Results)</source>
        <translation> — 1 条警告（见“结果”）</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="287"/>
        <source> — %1 warnings (Results)</source>
        <translation> — %1 条警告（见“结果”）</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="298"/>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="319"/>
        <source>There is no finished run to report.</source>
        <translation>没有可生成报告的已完成运行。</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="341"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="347"/>
        <source>Export results</source>
        <translation>导出结果</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="341"/>
        <source>There is no finished run to export.</source>
        <translation>没有可导出的已完成运行。</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="352"/>
        <source>results.json and CSV files in %1</source>
        <translation>%1 中的 results.json 和 CSV 文件</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="144"/>
        <source>S&amp;weep…</source>
        <translation>参数扫描(&amp;W)…</translation>
    </message>
    <message>
        <source>S&amp;olve…</source>
        <translation>求解(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="347"/>
        <source>%1: %2 (simulated %3)</source>
        <translation>%1：%2（模拟 %3）</translation>
    </message>
</context>
<context>
    <name>meridian::ui::TopologyScene</name>
    <message>
        <location filename="../ui/TopologyScene.cpp" line="592"/>
        <source>Collapse %1</source>
        <translation>折叠 %1</translation>
    </message>
    <message>
        <location filename="../ui/TopologyScene.cpp" line="592"/>
        <source>Expand %1</source>
        <translation>展开 %1</translation>
    </message>
</context>
<context>
    <name>ExamplesMenu</name>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="30"/>
        <source>Llama-3-8B over a star WAN of four centres (the seed&apos;s experiment)</source>
        <translation>Llama-3-8B：四个中心的星形广域网（种子论文的实验）</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="33"/>
        <source>Llama-3-8B over the same star WAN under DiLoCo (100 inner steps, int8)</source>
        <translation>Llama-3-8B：同一星形广域网上的 DiLoCo 训练（100 步内循环，int8）</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="36"/>
        <source>INTELLECT-1-like global DiLoCo run: 8 nodes on three continents</source>
        <translation>类 INTELLECT-1 的全球 DiLoCo 训练：三大洲 8 个节点</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="33"/>
        <source>China&apos;s eight national computing hubs (East Data, West Computing)</source>
        <translation>中国八大国家算力枢纽（东数西算）</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="36"/>
        <source>GPT-3 175B across two centres 100 km apart</source>
        <translation>GPT-3 175B：相距 100 km 的两个中心</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="38"/>
        <source>GPT-3 175B in two pipeline stages, one per centre (1F1B)</source>
        <translation>GPT-3 175B：两个中心各一个流水线阶段（1F1B）</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="39"/>
        <source>Heterogeneous GPUs and NPUs (H100, A100, Ascend 910B, TPU-like)</source>
        <translation>异构 GPU 与 NPU（H100、A100、昇腾 910B、类 TPU）</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="42"/>
        <source>Fail-over: a WAN link fails, the collective switches</source>
        <translation>故障切换：广域链路失效，集合通信算法切换</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="45"/>
        <source>GÉANT (Topology Zoo) with centres in four European cities</source>
        <translation>GÉANT（Topology Zoo）：欧洲四城的计算中心</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="49"/>
        <source>Cross traffic: other tenants&apos; flows on the WAN bottleneck</source>
        <translation>背景流量：其他租户的流占用广域网瓶颈链路</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="48"/>
        <source>Fabric: two-tier spine-leaf</source>
        <translation>中心内网络：两层 Spine-Leaf</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="51"/>
        <source>Fabric: three-tier fat-tree</source>
        <translation>中心内网络：三层胖树</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="54"/>
        <source>Fabric: dual-plane rail-optimised</source>
        <translation>中心内网络：双平面轨道优化</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="57"/>
        <source>Benchmark: ring all-reduce between four centres</source>
        <translation>基准：四个中心间的环形 all-reduce</translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="60"/>
        <source>Benchmark: one TCP transfer over a lossy 1,200 km link</source>
        <translation>基准：1,200 km 有损链路上的单条 TCP 传输</translation>
    </message>
</context>
<context>
    <name>meridian::ui::SweepAxisRow</name>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="89"/>
        <source>links.&lt;id&gt;.&lt;key&gt;, nodes.&lt;id&gt;.attrs.&lt;key&gt;, experiment.&lt;key&gt;</source>
        <translation>links.&lt;id&gt;.&lt;key&gt;、nodes.&lt;id&gt;.attrs.&lt;key&gt;、experiment.&lt;key&gt;</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="93"/>
        <source>The value to vary: an attribute of a link or node, or an experiment option (docs/sweeps.md, &quot;Axes&quot;)</source>
        <translation>要变化的值：链路或节点的属性，或实验选项（docs/sweeps.md，“Axes”）</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="98"/>
        <source>Values</source>
        <translation>取值列表</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="99"/>
        <source>Linear range</source>
        <translation>线性范围</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="100"/>
        <source>Log range</source>
        <translation>对数范围</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="104"/>
        <source>comma-separated: 0,1e-6,1e-5 or ring,tree</source>
        <translation>以逗号分隔：0,1e-6,1e-5 或 ring,tree</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="107"/>
        <source>start</source>
        <translation>起点</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="110"/>
        <source>stop</source>
        <translation>终点</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="115"/>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="131"/>
        <source>Remove this axis</source>
        <translation>删除此轴</translation>
    </message>
</context>
<context>
    <name>meridian::ui::SweepAxesEditor</name>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="264"/>
        <source>Add an axis: the value to vary and its values.</source>
        <translation>请添加一个轴：要变化的值及其取值。</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="267"/>
        <source>Choose or type a path.</source>
        <translation>请选择或输入路径。</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepAxesEditor.cpp" line="268"/>
        <source>Give the values.</source>
        <translation>请给出取值。</translation>
    </message>
</context>
<context>
    <name>meridian::ui::SolveDialog</name>
    <message>
        <source>Solve</source>
        <translation>求解</translation>
    </message>
    <message>
        <source>The attribute varied: a path as `meridian-cli sweep --vary` takes</source>
        <translation>变化的属性：与 `meridian-cli sweep --vary` 相同的路径</translation>
    </message>
    <message>
        <source>Attribute:</source>
        <translation>属性：</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>whole values</source>
        <translation>仅整数</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>Range:</source>
        <translation>范围：</translation>
    </message>
    <message>
        <source>the smallest value that meets the target</source>
        <translation>满足目标的最小值</translation>
    </message>
    <message>
        <source>the largest value that still meets the target</source>
        <translation>仍满足目标的最大值</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>求：</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <source>The bracket's width relative to the answer when it stops</source>
        <translation>停止时区间宽度相对于答案的比例</translation>
    </message>
    <message>
        <source>Runs at once: each round runs this many points inside the bracket</source>
        <translation>同时运行数：每一轮在区间内运行这么多个点</translation>
    </message>
    <message>
        <source>runs at once:</source>
        <translation>同时运行：</translation>
    </message>
    <message>
        <source>Tolerance:</source>
        <translation>容差：</translation>
    </message>
    <message>
        <source>Output folder:</source>
        <translation>输出文件夹：</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Cancelled: finished runs are kept in %1; Solve again reuses them</source>
        <translation>已取消：完成的运行保留在 %1 中；再次求解会复用它们</translation>
    </message>
    <message>
        <source>The solve did not run:
%1</source>
        <translation>求解未运行：
%1</translation>
    </message>
    <message>
        <source>Running both ends of the range…</source>
        <translation>正在运行范围的两端…</translation>
    </message>
    <message>
        <source>Cancelling: the runs in progress stop, finished runs stay…</source>
        <translation>正在取消：进行中的运行将停止，完成的运行保留…</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s): the answer lies in [%1, %2]</source>
        <translation>
            <numerusform>%n 次运行：答案位于 [%1, %2]</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s); files in %1</source>
        <translation>
            <numerusform>%n 次运行；文件在 %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>meridian::ui::SweepDialog</name>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="66"/>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="80"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="82"/>
        <source>Export Report (HTML/PDF)…</source>
        <translation>导出报告（HTML/PDF）…</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="87"/>
        <source>Export sweep report</source>
        <translation>导出扫描报告</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="89"/>
        <source>HTML report (*.html);;PDF report (*.pdf)</source>
        <translation>HTML 报告 (*.html);;PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="103"/>
        <source>Cancelled: finished points are kept in %1; Run again finishes the rest</source>
        <translation>已取消：已完成的点保留在 %1；再次运行将完成其余的点</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="109"/>
        <source>The sweep did not run</source>
        <translation>扫描未运行</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="114"/>
        <source>sweep point %1</source>
        <translation>扫描点 %1</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="116"/>
        <source> (its results differ from the sweep&apos;s: the engine changed since?)</source>
        <translation>（其结果与扫描时不同：此后引擎有变化？）</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="119"/>
        <source>Opened %1 as a run: see the Run, Results and Compare views</source>
        <translation>已将 %1 作为一次运行打开：见运行、结果和比较视图</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="122"/>
        <source>Cannot open a point while a run is active</source>
        <translation>运行进行中时无法打开扫描点</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="126"/>
        <source>Cannot open the point: %1</source>
        <translation>无法打开该点：%1</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="137"/>
        <source>Axes</source>
        <translation>轴</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="142"/>
        <source>Add Axis</source>
        <translation>添加轴</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="145"/>
        <source>Vary the axes together (zip) instead of every combination</source>
        <translation>各轴同步变化（zip），而非所有组合</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="171"/>
        <source>sweep.csv, sweep.json and points/ are written here; the finished points of an earlier sweep into it are not run again</source>
        <translation>sweep.csv、sweep.json 和 points/ 写在这里；先前扫描到此处已完成的点不再重新运行</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="173"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="176"/>
        <source>Sweep output folder</source>
        <translation>扫描输出文件夹</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="183"/>
        <source>Output folder:</source>
        <translation>输出文件夹：</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="188"/>
        <source>Points run at once (default: every core)</source>
        <translation>同时运行的点数（默认：所有核心）</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="189"/>
        <source>Run Sweep</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="192"/>
        <source>Cancel Sweep</source>
        <translation>取消扫描</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="196"/>
        <source>%v/%m points</source>
        <translation>%v/%m 个点</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="202"/>
        <source>Threads:</source>
        <translation>线程：</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="221"/>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="223"/>
        <source>Double-click a row, or click a point of the plot, to open it as a run in the Run, Results and Compare views.</source>
        <translation>双击一行，或单击图中的一个点，即可将其作为一次运行在运行、结果和比较视图中打开。</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="242"/>
        <source>Plot:</source>
        <translation>绘图：</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="282"/>
        <source>1 point</source>
        <translation>1 个点</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="282"/>
        <source>%1 points</source>
        <translation>%1 个点</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="301"/>
        <source>Checking every point…</source>
        <translation>正在检查每个点…</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="311"/>
        <source>Cancelling: the points in progress stop, finished points stay…</source>
        <translation>正在取消：进行中的点将停止，已完成的点保留…</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="329"/>
        <source>There is no finished sweep to report.</source>
        <translation>没有可生成报告的已完成扫描。</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="340"/>
        <source>Cannot export the report: %1</source>
        <translation>无法导出报告：%1</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="343"/>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="351"/>
        <source>%1 of %2 points</source>
        <translation>%2 个点中的 %1 个</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="353"/>
        <source>, %1 failed</source>
        <translation>，%1 个失败</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="357"/>
        <source>, about %1 left</source>
        <translation>，约剩 %1</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="358"/>
        <source>, estimating the time left…</source>
        <translation>，正在估算剩余时间…</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="371"/>
        <source>%1 points (%2 ok, %3 failed; %4 run now, %5 finished before); table in %6</source>
        <translation>%1 个点（%2 个成功，%3 个失败；本次运行 %4 个，先前已完成 %5 个）；表格位于 %6</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="427"/>
        <source>%1, %2 points</source>
        <translation>%1，%2 个点</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="450"/>
        <source>Point %1 failed: it has no results to open</source>
        <translation>点 %1 失败：没有可打开的结果</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepDialog.cpp" line="456"/>
        <source>Opening point %1…</source>
        <translation>正在打开点 %1…</translation>
    </message>
</context>
<context>
    <name>SweepPlot</name>
    <message>
        <source>target %1 %2</source>
        <translation>目标 %1 %2</translation>
    </message>
    <message>
        <source>answer %1</source>
        <translation>答案 %1</translation>
    </message>
    <message>
        <source>no answer: the target is met nowhere in the range</source>
        <translation>无答案：范围内任何值都未达到目标</translation>
    </message>
    <message>
        <source>no answer: the target is met at the cheap end</source>
        <translation>无答案：在低成本一端已达到目标</translation>
    </message>
    <message>
        <source>no answer: the curve is not monotone</source>
        <translation>无答案：曲线不单调</translation>
    </message>
    <message>
        <source>no answer: a run failed</source>
        <translation>无答案：有一次运行失败</translation>
    </message>
    <message>
        <source>no answer within the run limit</source>
        <translation>在运行次数上限内无答案</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="58"/>
        <source>GPU effective compute (%)</source>
        <translation>GPU 有效算力 (%)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="60"/>
        <source>simulated time (s)</source>
        <translation>模拟时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="61"/>
        <source>broadcast phase (s)</source>
        <translation>广播阶段 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="62"/>
        <source>compute per iteration (s)</source>
        <translation>每次迭代计算 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="63"/>
        <source>intra-centre phase per iteration (s)</source>
        <translation>每次迭代中心内阶段 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="65"/>
        <source>inter-centre phase per iteration (s)</source>
        <translation>每次迭代中心间阶段 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="67"/>
        <source>update per iteration (s)</source>
        <translation>每次迭代更新 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="68"/>
        <source>iteration time (s)</source>
        <translation>迭代时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="69"/>
        <source>mean time (s)</source>
        <translation>平均时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="70"/>
        <source>minimum time (s)</source>
        <translation>最短时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="71"/>
        <source>maximum time (s)</source>
        <translation>最长时间 (s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="72"/>
        <source>algorithm bandwidth (Gbit/s)</source>
        <translation>算法带宽 (Gbit/s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="73"/>
        <source>bus bandwidth (Gbit/s)</source>
        <translation>总线带宽 (Gbit/s)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="74"/>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="80"/>
        <source>bytes over link %1 (GB)</source>
        <translation>链路 %1 上的字节数 (GB)</translation>
    </message>
    <message>
        <location filename="../ui/sweep/SweepPlots.cpp" line="414"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>ReportSweep</name>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="100"/>
        <source>Sweep of %1</source>
        <translation>%1 的参数扫描</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="103"/>
        <source>%1 points: %2 ok, %3 failed; %4; %5</source>
        <translation>%1 个点：%2 个成功，%3 个失败；%4；%5</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="107"/>
        <source>axes varied together (zip)</source>
        <translation>各轴同步变化（zip）</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="109"/>
        <source>every combination of the axes</source>
        <translation>各轴的所有组合</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="112"/>
        <source>every point with the base seed</source>
        <translation>每个点使用基础种子</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="114"/>
        <source>a seed per point derived from its values</source>
        <translation>每个点的种子由其取值导出</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="118"/>
        <source>Axes</source>
        <translation>轴</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="119"/>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="120"/>
        <source>values</source>
        <translation>取值</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="121"/>
        <source>count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="134"/>
        <source>Plots</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="142"/>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <location filename="../ui/report/ReportSweep.cpp" line="143"/>
        <source>Every column of every point is in sweep.csv and sweep.json; the points&apos; full results in points/.</source>
        <translation>每个点的所有列见 sweep.csv 和 sweep.json；各点的完整结果见 points/。</translation>
    </message>
</context>
<context>
    <name>TrafficFields</name>
    <message>
        <source>Rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>The source&apos;s rate per pair, e.g. 2G</source>
        <translation>每对源宿的发送速率，例如 2G</translation>
    </message>
    <message>
        <source>Packet size</source>
        <translation>包大小</translation>
    </message>
    <message>
        <source>Instead of the rate: one packet every gap (with the gap)</source>
        <translation>代替速率：每个间隔发送一个包（与包间隔一起使用）</translation>
    </message>
    <message>
        <source>Packet gap</source>
        <translation>包间隔</translation>
    </message>
    <message>
        <source>Instead of the rate: the inter-packet gap</source>
        <translation>代替速率：包与包之间的间隔</translation>
    </message>
    <message>
        <source>Arrivals</source>
        <translation>到达率</translation>
    </message>
    <message>
        <source>Flow arrival rate of all pairs together</source>
        <translation>所有源宿对合计的流到达率</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Instead of arrivals: the fraction of the load link&apos;s bandwidth, [0, 10]</source>
        <translation>代替到达率：占负载链路带宽的比例，[0, 10]</translation>
    </message>
    <message>
        <source>Load link</source>
        <translation>负载链路</translation>
    </message>
    <message>
        <source>The link whose a→b bandwidth the load is of</source>
        <translation>负载所对应的链路（按其 a→b 方向的带宽）</translation>
    </message>
    <message>
        <source>Flow sizes</source>
        <translation>流大小</translation>
    </message>
    <message>
        <source>The flow-size law (docs/traffic.md §3)</source>
        <translation>流大小分布（docs/traffic.md §3）</translation>
    </message>
    <message>
        <source>Peak rate</source>
        <translation>峰值速率</translation>
    </message>
    <message>
        <source>The rate during an on period</source>
        <translation>开启时段内的发送速率</translation>
    </message>
    <message>
        <source>On periods</source>
        <translation>开启时段</translation>
    </message>
    <message>
        <source>The law of the on periods</source>
        <translation>开启时段长度的分布</translation>
    </message>
    <message>
        <source>Off periods</source>
        <translation>关闭时段</translation>
    </message>
    <message>
        <source>The law of the off periods</source>
        <translation>关闭时段长度的分布</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>并行流数</translation>
    </message>
    <message>
        <source>Parallel TCP connections per pair, 1-128</source>
        <translation>每对源宿的并行 TCP 连接数，1–128</translation>
    </message>
    <message>
        <source>Bytes per window</source>
        <translation>每个窗口的字节数</translation>
    </message>
    <message>
        <source>Empty: the streams send as much as they can</source>
        <translation>留空：各流尽其所能发送</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>周期</translation>
    </message>
    <message>
        <source>A window opens every period (empty: one window)</source>
        <translation>每个周期开启一个窗口（留空：只有一个窗口）</translation>
    </message>
    <message>
        <source>Window length</source>
        <translation>窗口长度</translation>
    </message>
    <message>
        <source>Periodic windows: what is unsent then is dropped</source>
        <translation>周期窗口：届时未发送的数据被丢弃</translation>
    </message>
    <message>
        <source>Flow file</source>
        <translation>流文件</translation>
    </message>
    <message>
        <source>A CSV of flows, one per line: start_s,size_bytes,src,dst (relative to the .topo file; docs/traffic.md, trace)</source>
        <translation>流的 CSV 文件，每行一条：start_s,size_bytes,src,dst（相对于 .topo 文件；docs/traffic.md，trace）</translation>
    </message>
    <message>
        <source>flows of %1</source>
        <translation>%1 中的流</translation>
    </message>
    <message>
        <source>pairs of %1</source>
        <translation>%1 中的节点对</translation>
    </message>
    <message>
        <source>matrix %1</source>
        <translation>矩阵 %1</translation>
    </message>
    <message>
        <source>gravity matrix</source>
        <translation>引力模型矩阵</translation>
    </message>
    <message>
        <source>the matrix&apos;s rates</source>
        <translation>矩阵给出的速率</translation>
    </message>
    <message>
        <source>total %1 bit/s</source>
        <translation>总计 %1 bit/s</translation>
    </message>
    <message>
        <source> bit/s</source>
        <translation> bit/s</translation>
    </message>
    <message>
        <source>%1 B every %2 s</source>
        <translation>每 %2 s 发送 %1 B</translation>
    </message>
    <message>
        <source>load %1 of %2, %3</source>
        <translation>%2 的负载 %1，%3</translation>
    </message>
    <message>
        <source>%1 flows/s, %2</source>
        <translation>%1 流/s，%2</translation>
    </message>
    <message>
        <source>peak %1 bit/s</source>
        <translation>峰值 %1 bit/s</translation>
    </message>
    <message numerus="yes">
        <source>%n stream(s)</source>
        <translation>
            <numerusform>%n 条流</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 B</source>
        <translation>，%1 B</translation>
    </message>
    <message>
        <source> every %1 s</source>
        <translation>，每 %1 s</translation>
    </message>
</context>
<context>
    <name>meridian::ui::traffic::LawEditor</name>
    <message>
        <source>mean, e.g. 1MB</source>
        <translation>均值，例如 1MB</translation>
    </message>
    <message>
        <source>mean, e.g. 100ms</source>
        <translation>均值，例如 100ms</translation>
    </message>
    <message>
        <source>shape α &gt; 1</source>
        <translation>形状参数 α &gt; 1</translation>
    </message>
    <message>
        <source>sigma σ</source>
        <translation>参数 σ</translation>
    </message>
    <message>
        <source>CDF file (bytes,cdf)</source>
        <translation>CDF 文件（字节,累计概率）</translation>
    </message>
</context>
<context>
    <name>meridian::ui::traffic::GeneratorEditor</name>
    <message>
        <source>Background traffic generator</source>
        <translation>背景流量生成器</translation>
    </message>
    <message>
        <source>a name for the results</source>
        <translation>结果中使用的名称</translation>
    </message>
    <message>
        <source>Id:</source>
        <translation>标识：</translation>
    </message>
    <message>
        <source>cbr: constant bit rate (UDP); poisson: flow arrivals with a size law; on_off: bursts and idle periods; bulk: long-lived TCP streams; trace: the flows of a CSV file, replayed</source>
        <translation>cbr：恒定比特率（UDP）；poisson：按流大小分布到达的流；on_off：突发与空闲交替；bulk：长时间的 TCP 流；trace：重放 CSV 文件中的流</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>种类：</translation>
    </message>
    <message>
        <source>node id, or several: a, b</source>
        <translation>节点标识，或多个：a, b</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>源：</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>目的：</translation>
    </message>
    <message>
        <source>0 s</source>
        <translation>0 s</translation>
    </message>
    <message>
        <source>required, e.g. 60 or 5min</source>
        <translation>必填，例如 60 或 5min</translation>
    </message>
    <message>
        <source>Start (s):</source>
        <translation>开始 (s)：</translation>
    </message>
    <message>
        <source>Stop (s):</source>
        <translation>停止 (s)：</translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation>协议：</translation>
    </message>
    <message>
        <source>Parameters of the kind</source>
        <translation>该种类的参数</translation>
    </message>
    <message>
        <source>{} — keys this form does not show</source>
        <translation>{} — 本表单未显示的键</translation>
    </message>
    <message>
        <source>A JSON object of the generator&apos;s other keys, kept as written</source>
        <translation>生成器其他键组成的 JSON 对象，按原样保留</translation>
    </message>
    <message>
        <source>Other keys:</source>
        <translation>其他键：</translation>
    </message>
    <message>
        <source>Other keys: not a JSON object: %1</source>
        <translation>其他键：不是 JSON 对象：%1</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#1b7f3b&apos;&gt;Generator valid.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#1b7f3b&apos;&gt;生成器有效。&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Error: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b00020&apos;&gt;错误：%1&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>meridian::ui::traffic::TrafficDock</name>
    <message>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>From → To</source>
        <translation>源 → 目的</translation>
    </message>
    <message>
        <source>Rate / load</source>
        <translation>速率 / 负载</translation>
    </message>
    <message>
        <source>Window (s)</source>
        <translation>时间窗 (s)</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>A new generator (also: right-click a link, node or centre)</source>
        <translation>新建生成器（也可在画布上右键单击链路、节点或算力中心）</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Edit the selected generator</source>
        <translation>编辑所选生成器</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>A copy of the selected generator with a new id</source>
        <translation>以新标识复制所选生成器</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Remove the selected generator</source>
        <translation>删除所选生成器</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Error: %1&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b00020&apos;&gt;错误：%1&lt;/span&gt;</translation>
    </message>
    <message>
        <source>No background traffic. Add a generator, or right-click a link, node or centre on the canvas.</source>
        <translation>没有背景流量。请添加生成器，或在画布上右键单击链路、节点或算力中心。</translation>
    </message>
    <message numerus="yes">
        <source>%n generator(s), valid. Their flows share the links with the experiment&apos;s (docs/traffic.md).</source>
        <translation>
            <numerusform>%n 个生成器，有效。它们的流与实验的流共享链路（docs/traffic.md）。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: /experiment/traffic/generators/%2/id: generator id &apos;%3&apos; is used twice</source>
        <translation>%1: /experiment/traffic/generators/%2/id: 生成器标识 &apos;%3&apos; 被使用了两次</translation>
    </message>
    <message>
        <source>Add traffic generator %1</source>
        <translation>添加流量生成器 %1</translation>
    </message>
    <message>
        <source>Edit traffic generator %1</source>
        <translation>编辑流量生成器 %1</translation>
    </message>
    <message>
        <source>Duplicate traffic generator %1</source>
        <translation>复制流量生成器 %1</translation>
    </message>
    <message>
        <source>Remove traffic generator %1</source>
        <translation>删除流量生成器 %1</translation>
    </message>
</context>
<context>
    <name>meridian::ui::traffic::TrafficWorkbench</name>
    <message>
        <source>Traffic</source>
        <translation>流量</translation>
    </message>
    <message>
        <source>Show &amp;Background Traffic</source>
        <translation>显示背景流量(&amp;B)</translation>
    </message>
    <message>
        <source>Draw the background traffic generators along their routes</source>
        <translation>沿路由绘制背景流量生成器</translation>
    </message>
    <message>
        <source>Add Background Traffic…</source>
        <translation>添加背景流量…</translation>
    </message>
</context>
<context>
    <name>meridian::ui::RunView</name>
    <message>
        <source>Experiment vs background</source>
        <translation>实验与背景流量</translation>
    </message>
    <message>
        <source>Runs with background traffic: per link the experiment&apos;s throughput (solid) and the background generators&apos; (dashed), in Gbit/s</source>
        <translation>含背景流量的运行：每条链路上实验自身的吞吐量（实线）与背景生成器的吞吐量（虚线），单位 Gbit/s</translation>
    </message>
    <message>
        <source>background carried</source>
        <translation>背景流量承载</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message>
        <source>%1 background</source>
        <translation>%1 背景</translation>
    </message>
    <message>
        <source>%1 experiment</source>
        <translation>%1 实验</translation>
    </message>
    <message>
        <source>No background rates: the run has no traffic section</source>
        <translation>无背景速率：该运行没有 traffic 部分</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>Background traffic</source>
        <translation>背景流量</translation>
    </message>
    <message>
        <source>generator</source>
        <translation>生成器</translation>
    </message>
    <message>
        <source>offered</source>
        <translation>提供负载</translation>
    </message>
    <message>
        <source>carried</source>
        <translation>承载</translation>
    </message>
    <message>
        <source>flows</source>
        <translation>流数</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>完成数</translation>
    </message>
    <message>
        <source>FCT p50</source>
        <translation>FCT p50</translation>
    </message>
    <message>
        <source>FCT p99</source>
        <translation>FCT p99</translation>
    </message>
    <message>
        <source>slowdown</source>
        <translation>减速比</translation>
    </message>
    <message>
        <source>experiment bytes</source>
        <translation>实验字节数</translation>
    </message>
    <message>
        <source>background bytes</source>
        <translation>背景字节数</translation>
    </message>
    <message>
        <source>background share</source>
        <translation>背景占比</translation>
    </message>
</context>
</TS>
