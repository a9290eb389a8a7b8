<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Charts</name>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="195"/>
        <source>centre %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="198"/>
        <source>, iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="199"/>
        <source>
start %1, duration %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="365"/>
        <source>Reset view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="368"/>
        <source>Save as PNG/PDF/SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="376"/>
        <source>Save chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="378"/>
        <source>PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="383"/>
        <source>Cannot save chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="407"/>
        <source>cannot encode %1 as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="430"/>
        <source>cannot save %1: unknown format &apos;%2&apos; (expected .png, .pdf or .svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="537"/>
        <source>%1 %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="543"/>
        <source>
sent %1, lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="552"/>
        <source>
sent %1, arrived %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="574"/>
        <source>lost message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="583"/>
        <source>%1 adopted by %2
at %3, Lamport %4, from iteration %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="593"/>
        <source>order adopted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="603"/>
        <source>centre %1 failed at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="609"/>
        <source>%1 detected the failure of %2 at %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="618"/>
        <source>centre failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="622"/>
        <source>failure detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="646"/>
        <source>trigger %1 (%2) fired at %3, Lamport %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="651"/>
        <source>
applies from iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="660"/>
        <source>trigger fired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="666"/>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="667"/>
        <source>run stopped at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="707"/>
        <location filename="../ui/charts/ResultCharts.cpp" line="979"/>
        <source>simulated time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="711"/>
        <source>No phases yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="733"/>
        <source>critical path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="825"/>
        <location filename="../ui/charts/ResultCharts.cpp" line="871"/>
        <location filename="../ui/charts/ResultCharts.cpp" line="887"/>
        <source>iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="826"/>
        <source>phase duration (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="829"/>
        <source>No iteration finished yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="878"/>
        <source>GPU effective compute ratio (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="881"/>
        <source>GPU effective compute ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="897"/>
        <location filename="../ui/charts/ResultCharts.cpp" line="929"/>
        <location filename="../ui/charts/ResultCharts.cpp" line="936"/>
        <source>repetition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="898"/>
        <source>time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="902"/>
        <source>No repetition finished yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="932"/>
        <source>mean %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="980"/>
        <source>throughput (Gbit/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="981"/>
        <source>utilisation (%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1022"/>
        <source>No links chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1023"/>
        <source>No link traffic yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1062"/>
        <source>Total time per phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1094"/>
        <source>no phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1095"/>
        <source>total time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1103"/>
        <source>Time per centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1105"/>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1108"/>
        <source>comm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1109"/>
        <source>update</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1110"/>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1132"/>
        <source>no centres</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/charts/ResultCharts.cpp" line="1133"/>
        <source>time over all iterations (s)</source>
        <translation type="unfinished"></translation>
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
    <name>ExperimentDock</name>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="117"/>
        <source>%1: &apos;%2&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="163"/>
        <source>&lt;br&gt;unit: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="166"/>
        <source>&lt;br&gt;range: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="218"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="219"/>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="220"/>
        <source>Parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="221"/>
        <source>Broadcast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="222"/>
        <source>Intra-centre collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="223"/>
        <source>Inter-centre collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="224"/>
        <source>Transport (TCP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="225"/>
        <source>Communication (NCCL)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HelpDialogs</name>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="76"/>
        <source>Canvas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="77"/>
        <source>Link in any tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="77"/>
        <source>Shift+drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="78"/>
        <source>Nudge the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="78"/>
        <source>Arrow keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="79"/>
        <source>Select tool, clear the selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="79"/>
        <source>Esc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="81"/>
        <source>Pan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="81"/>
        <source>Space+drag, middle-button drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="82"/>
        <source>Zoom around the cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="82"/>
        <source>Mouse wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="113"/>
        <source>user-guide.md</source>
        <comment>file name of the user guide in this language (docs/)</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="88"/>
        <source>Meridian User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="106"/>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="112"/>
        <source>Menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="112"/>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="112"/>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="137"/>
        <source>About Meridian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="139"/>
        <source>&lt;h3&gt;Meridian %1&lt;/h3&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/HelpDialogs.cpp" line="141"/>
        <source>Designer and simulator of AI training spread over compute centres joined by a wide-area network.&lt;br&gt;&lt;br&gt;Built with Qt %1.&lt;br&gt;Topology Zoo maps in presets/maps: S. Knight et al., The Internet Topology Zoo, CC BY-SA 3.0.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="60"/>
        <source>Meridian topology (*.topo)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="68"/>
        <source>File: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="71"/>
        <source>Where: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="73"/>
        <source>Problem: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NodeStyle</name>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="35"/>
        <source>Compute centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="37"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="39"/>
        <source>Switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="41"/>
        <source>Router</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/NodeStyle.cpp" line="43"/>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PropertyEditor</name>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="103"/>
        <source>Out of range: must be %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="26"/>
        <source>Not a bandwidth: try 25G, 400 Gbps or 100M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="32"/>
        <source>Not a duration: try 15ms, 2us or 1.5s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="37"/>
        <source>Not a fraction: try 0.1% or 0.001</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="73"/>
        <source>Must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="79"/>
        <source>Out of range: the number is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="87"/>
        <source>Not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="133"/>
        <source>Out of range: must be [-%1, %1] degrees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="577"/>
        <location filename="../ui/PropertyEditor.cpp" line="742"/>
        <source>(multiple values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="760"/>
        <source>Set %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <location filename="../ui/report/Report.cpp" line="156"/>
        <source>setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="157"/>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="217"/>
        <source>Topology as drawn in the designer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="225"/>
        <source>Phase timeline with the control plane: the critical path, every centre&apos;s own phases, the coordinators&apos; messages (lines from sender to receiver), trigger firings (dashed), order adoptions (diamonds) and failures (simulated time).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="231"/>
        <source>Phase timeline (simulated time).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="232"/>
        <source>Phase timeline: the critical path and every centre&apos;s own phases (simulated time).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="240"/>
        <source>Time of every repetition and their mean.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="241"/>
        <source>Phase durations per iteration (stacked) and GPU effective compute ratio (right axis).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="251"/>
        <source>Throughput of the WAN links over simulated time (busier direction).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="273"/>
        <source>No per-link time series were kept for this run (the default above 512 links; meridian-cli run --link-series full keeps them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="256"/>
        <source>Total time per phase over the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="260"/>
        <source>Per-centre compute, communication, update and idle time, summed over the iterations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="315"/>
        <source>Meridian simulation report — %1, %2 experiment, seed %3, %4 of simulated time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="323"/>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="325"/>
        <source>simulated time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="333"/>
        <location filename="../ui/report/Report.cpp" line="456"/>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="338"/>
        <source>iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="341"/>
        <source>mean iteration time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="342"/>
        <source>GPU effective compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="401"/>
        <source>tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="401"/>
        <source>%1 GPUs per group; NVLink all-reduces %2 per iteration (slowest centre, exposed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="347"/>
        <source>centres / GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="352"/>
        <location filename="../ui/report/Report.cpp" line="484"/>
        <source>operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="356"/>
        <source>message size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="357"/>
        <source>mean time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="359"/>
        <source>algorithm / bus bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="365"/>
        <source>control plane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="367"/>
        <source>%1 messages, %2 triggers fired; stopped at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="372"/>
        <source>%1 messages, %2 triggers fired, %3 failures detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="381"/>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="382"/>
        <source>Topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="400"/>
        <source>Compute centres</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="401"/>
        <location filename="../ui/report/Report.cpp" line="428"/>
        <source>id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="402"/>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="403"/>
        <location filename="../ui/report/Report.cpp" line="643"/>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="404"/>
        <location filename="../ui/report/Report.cpp" line="644"/>
        <source>GPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="405"/>
        <source>fabric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="408"/>
        <location filename="../ui/report/Report.cpp" line="653"/>
        <source>Links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="421"/>
        <source> (b→a differs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="423"/>
        <source> (scheduled changes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="429"/>
        <source>endpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="430"/>
        <source>bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="431"/>
        <source>delay (one-way)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="432"/>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="433"/>
        <source>jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="434"/>
        <source>queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="438"/>
        <source>… and %1 more links (see the .topo file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="444"/>
        <source>Experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="446"/>
        <source>kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="448"/>
        <source>iterations (run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="451"/>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="459"/>
        <source>model parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="462"/>
        <source>dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="464"/>
        <source>parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="466"/>
        <source>global batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="467"/>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="468"/>
        <source>sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="470"/>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="471"/>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="473"/>
        <source>MFU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="474"/>
        <source>activation recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="475"/>
        <location filename="../ui/report/Report.cpp" line="563"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="476"/>
        <location filename="../ui/report/Report.cpp" line="564"/>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="477"/>
        <source>source centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="478"/>
        <source>optimiser step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="480"/>
        <source>from the compute model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="488"/>
        <source>participants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="490"/>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="492"/>
        <source>repeat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="494"/>
        <source>parallel streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="500"/>
        <source>Collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="503"/>
        <source>NCCL default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="508"/>
        <source>broadcast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="512"/>
        <source>weights and dataset shards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="513"/>
        <source>weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="520"/>
        <source>order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="527"/>
        <source>gateways %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="533"/>
        <location filename="../ui/report/Report.cpp" line="611"/>
        <source>intra-centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="534"/>
        <location filename="../ui/report/Report.cpp" line="612"/>
        <source>inter-centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="539"/>
        <location filename="../ui/report/Report.cpp" line="591"/>
        <location filename="../ui/report/Report.cpp" line="703"/>
        <source>phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="540"/>
        <source>algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="541"/>
        <source>protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="542"/>
        <source>chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="543"/>
        <source>notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="547"/>
        <source>Communication and transport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="551"/>
        <source>channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="552"/>
        <source>buffer size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="553"/>
        <source>steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="554"/>
        <source>sockets per connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="556"/>
        <source>TCP MSS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="557"/>
        <source>TCP initial window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="558"/>
        <source>%1 segments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="559"/>
        <source>TCP max window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="561"/>
        <source>TCP min RTO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="562"/>
        <source>slow start after idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="570"/>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="571"/>
        <source>Phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="592"/>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="593"/>
        <location filename="../ui/report/Report.cpp" line="614"/>
        <source>total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="594"/>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="595"/>
        <source>max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="596"/>
        <source>share of run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="603"/>
        <source>Iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="609"/>
        <location filename="../ui/report/Report.cpp" line="704"/>
        <location filename="../ui/report/Report.cpp" line="886"/>
        <source>iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="610"/>
        <location filename="../ui/report/Report.cpp" line="645"/>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="613"/>
        <location filename="../ui/report/Report.cpp" line="647"/>
        <source>update</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="615"/>
        <source>GPU eff. compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="619"/>
        <source>Repetitions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="624"/>
        <source>repetition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="625"/>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="632"/>
        <source>Control plane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="637"/>
        <source>Centres</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="642"/>
        <location filename="../ui/report/Report.cpp" line="848"/>
        <location filename="../ui/report/Report.cpp" line="863"/>
        <source>centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="646"/>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="648"/>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="661"/>
        <source>link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="662"/>
        <source>bytes (both directions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="663"/>
        <source>mean utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="664"/>
        <source>peak utilisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="668"/>
        <source>… and %1 more links (links.csv has all).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="674"/>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="676"/>
        <source>events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="677"/>
        <source>transfers (flows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="679"/>
        <source>link samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="680"/>
        <source>%1 every %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="683"/>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="685"/>
        <source>None.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="694"/>
        <source>Phase timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="705"/>
        <source>start (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="706"/>
        <source>end (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="707"/>
        <source>duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="711"/>
        <source>… and %1 more phases (phases.csv has all).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="805"/>
        <source>messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="807"/>
        <source>instant (no delay, no loss)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="808"/>
        <source>through the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="809"/>
        <source>synchronisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="810"/>
        <source>local progress (bounded lead)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="811"/>
        <source>global barrier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="812"/>
        <source>protocol messages sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="814"/>
        <source>transmissions (retransmissions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="816"/>
        <source>acknowledgements / heartbeats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="818"/>
        <source>bytes on the wire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="819"/>
        <source>copies lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="820"/>
        <source>deliveries (reordered, duplicates)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="822"/>
        <source>causal buffering wait (mean / max)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="827"/>
        <source>Trigger firings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="833"/>
        <source>trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="834"/>
        <source>action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="835"/>
        <source>fired at (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="836"/>
        <location filename="../ui/report/Report.cpp" line="850"/>
        <source>Lamport time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="837"/>
        <source>applies from iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="842"/>
        <source>Adoption per centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="847"/>
        <source>order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="849"/>
        <source>adopted at (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="851"/>
        <source>from iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="856"/>
        <source>Failures detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="861"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="864"/>
        <source>failed at (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="865"/>
        <source>detected at (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="866"/>
        <source>detected by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="867"/>
        <source>outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="872"/>
        <source>The run stopped at %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="876"/>
        <source>Coordination per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="887"/>
        <source>members</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="888"/>
        <source>wait for READY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/report/Report.cpp" line="889"/>
        <source>wait for COMMIT</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunHistory</name>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="35"/>
        <source>%1: %2 → (default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="45"/>
        <source>%1: (default) → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="50"/>
        <source>%1: %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="71"/>
        <source>%1 removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="81"/>
        <source>%1 %2 added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="92"/>
        <source>node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="94"/>
        <source>link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="100"/>
        <source>experiment %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="116"/>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="118"/>
        <source>first run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunHistory.cpp" line="122"/>
        <source>no change (same inputs)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunWorkbench</name>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="37"/>
        <source>intra-centre all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="39"/>
        <source>inter-centre all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="57"/>
        <source>Link utilisation (width and colour)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::Autosave</name>
    <message>
        <location filename="../ui/Autosave.cpp" line="129"/>
        <source>There is no recovery file %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/Autosave.cpp" line="135"/>
        <source>The recovery file %1 belongs to a running Meridian window.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::Document</name>
    <message>
        <location filename="../ui/Document.cpp" line="29"/>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::ExperimentDock</name>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="237"/>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="279"/>
        <source>default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="342"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="346"/>
        <source>(model file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="355"/>
        <source>Set model preset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="357"/>
        <source>Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="361"/>
        <source>config.json, .safetensors or .onnx</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="362"/>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="365"/>
        <source>File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="374"/>
        <location filename="../ui/run/ExperimentDock.cpp" line="661"/>
        <source>Set model file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="458"/>
        <source>This file has no experiment: edit any field to create one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="469"/>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Refused: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="473"/>
        <source>&lt;span style=&apos;color:#1b7f3b&apos;&gt;Experiment valid.&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="504"/>
        <source>No model chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="510"/>
        <source>%1 transformer blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="564"/>
        <source>%1 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="566"/>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 parameters (%3 of weights), %4&lt;br&gt;%5 FLOP/token forward, %6 FLOP/token training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="541"/>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="541"/>
        <source>&lt;b&gt;does not fit&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="545"/>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;%1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="603"/>
        <source>Reset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="604"/>
        <source>Set %1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="645"/>
        <source>Set experiment kind %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Background traffic: %n generator(s), edited in the Traffic dock (docs/traffic.md).</source>
        <translation>
            <numerusform>Background traffic: %n generator, edited in the Traffic dock (docs/traffic.md).</numerusform>
            <numerusform>Background traffic: %n generators, edited in the Traffic dock (docs/traffic.md).</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="654"/>
        <source>Model file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="655"/>
        <source>Models (config.json *.json *.safetensors *.onnx);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="507"/>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Error: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="509"/>
        <source>&lt;span style=&apos;color:#b06000&apos;&gt;Runs, with a warning: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="601"/>
        <source> (ZeRO-%1 with recomputation fits: %2 per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="602"/>
        <source> (ZeRO-%1 fits: %2 per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ExperimentDock.cpp" line="605"/>
        <source>&lt;br&gt;%1 (%2 × %3): %4 of %5 per GPU — %6</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::GeneratorDialog</name>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="29"/>
        <source>Generate topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="35"/>
        <source>Generator:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="41"/>
        <source>Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="51"/>
        <source>Seed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="53"/>
        <source>Replace the current drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="54"/>
        <source>Add next to the current drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="63"/>
        <source>Generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/GeneratorDialog.cpp" line="164"/>
        <source>→ %1 nodes, %2 links</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::LayoutController</name>
    <message>
        <location filename="../ui/LayoutController.cpp" line="58"/>
        <source>Spring layout not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="59"/>
        <source>The largest connected part of this drawing has %1 nodes. The spring (Kamada–Kawai) layout stores the distance between every pair of nodes (about %2 MB here) and its running time grows faster than the square of the node count, so it is limited to %3 connected nodes.

Use the force-directed layout instead: it handles 10,000 nodes in seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="79"/>
        <source>Force-directed layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="84"/>
        <source>Spring layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="87"/>
        <source>Geographic layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="90"/>
        <source>No node has a latitude and longitude. Set them in the property editor or import a GraphML map.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="118"/>
        <source>%1 running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="138"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="159"/>
        <source>Computing the %1 of %2 nodes…
You can keep working, but if you edit the drawing before it finishes, the layout result is discarded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="179"/>
        <source>%1 cancelled; nothing was moved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="187"/>
        <source>%1 discarded: the drawing was edited while it was being computed. Run it again to apply it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="194"/>
        <source>%1: every node is already in place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/LayoutController.cpp" line="198"/>
        <source>%1 done in %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="235"/>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="237"/>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="240"/>
        <source>Open topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="244"/>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="245"/>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="247"/>
        <location filename="../ui/MainWindow.cpp" line="688"/>
        <source>Save topology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="251"/>
        <source>&amp;Import GraphML…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="251"/>
        <source>Ctrl+I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="253"/>
        <source>Import GraphML (Topology Zoo)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="254"/>
        <source>GraphML (*.graphml *.xml)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="258"/>
        <source>Export as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="260"/>
        <source>Export PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="260"/>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="264"/>
        <source>Export as S&amp;VG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="266"/>
        <source>Export SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="266"/>
        <source>SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="270"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="275"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="278"/>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="282"/>
        <source>Ctrl+Y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="282"/>
        <source>Ctrl+Shift+Z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="287"/>
        <source>Cu&amp;t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="289"/>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="291"/>
        <source>&amp;Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="293"/>
        <source>D&amp;uplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="293"/>
        <source>Ctrl+D</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="295"/>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="299"/>
        <source>Select &amp;All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="301"/>
        <source>Collapse / &amp;Expand Centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="302"/>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="312"/>
        <source>Zoom &amp;In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="315"/>
        <source>Zoom &amp;Out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="317"/>
        <source>&amp;Actual Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="317"/>
        <source>Ctrl+0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="320"/>
        <source>&amp;Fit to View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="320"/>
        <source>Ctrl+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="323"/>
        <source>Show &amp;Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="323"/>
        <source>Ctrl+G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="327"/>
        <source>&amp;Snap to Grid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="334"/>
        <source>&amp;Select</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="334"/>
        <source>S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="338"/>
        <source>&amp;Link Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="338"/>
        <source>L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="347"/>
        <source>Link tool (L): drag from one node to another. Shift+drag works in any tool.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="352"/>
        <source>&amp;Generate Topology…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="353"/>
        <source>Ctrl+Shift+G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="354"/>
        <source>&amp;Force-Directed Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="356"/>
        <source>&amp;Spring Layout (Kamada–Kawai)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="358"/>
        <source>&amp;Geographic Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="388"/>
        <source>Palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="391"/>
        <source>Outline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="394"/>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="396"/>
        <source>Properties</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="401"/>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="420"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="424"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="397"/>
        <source>E&amp;xamples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="435"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="443"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="454"/>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="459"/>
        <source>&amp;Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="464"/>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="498"/>
        <source> (running, read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="508"/>
        <source>&lt;new document&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="509"/>
        <source>&lt;opened %1&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="517"/>
        <source>1 node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="517"/>
        <source>%1 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="519"/>
        <source>1 link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="519"/>
        <source>%1 links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="523"/>
        <source>Link tool: drag from a node to another node. Esc returns to Select.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="524"/>
        <source>Drag kinds from the palette · Shift+drag between nodes to link · wheel zooms · middle/Space+drag pans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="627"/>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="628"/>
        <source>“%1” has unsaved changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="650"/>
        <source>Cannot open file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="659"/>
        <source>%1 gives no node positions; laying it out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="701"/>
        <source>Cannot save file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="706"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="720"/>
        <source>Recover unsaved work?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="721"/>
        <source>Meridian was closed without saving %1 (autosaved %2). Restore the automatically saved copy?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="723"/>
        <source>an untitled drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="733"/>
        <source>Cannot recover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="786"/>
        <location filename="../ui/MainWindow.cpp" line="791"/>
        <source>Import %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="797"/>
        <source>Cannot import GraphML</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="831"/>
        <location filename="../ui/MainWindow.cpp" line="843"/>
        <location filename="../ui/MainWindow.cpp" line="862"/>
        <source>Cannot export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="831"/>
        <source>Could not encode %1 as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="859"/>
        <source>Topology exported by Meridian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="862"/>
        <source>Could not render %1 as SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="933"/>
        <source>Paste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="942"/>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="993"/>
        <source>Generate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1001"/>
        <source>Cannot generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="204"/>
        <source>Ctrl+Shift+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="212"/>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="431"/>
        <source>&amp;User Guide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="433"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="435"/>
        <source>&amp;About Meridian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="442"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="166"/>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/MainWindowFiles.cpp" line="198"/>
        <source>Closed %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::OutlineView</name>
    <message>
        <location filename="../ui/OutlineView.cpp" line="225"/>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="225"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="241"/>
        <source>1 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="242"/>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="243"/>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="308"/>
        <source>1 node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="308"/>
        <source>%1 nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="310"/>
        <source>1 link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="310"/>
        <source>%1 links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="317"/>
        <source>Compute centres</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="318"/>
        <source>Nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/OutlineView.cpp" line="319"/>
        <source>Links</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::PaletteWidget</name>
    <message>
        <location filename="../ui/PaletteWidget.cpp" line="27"/>
        <source>Drag onto the canvas to add a %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::PropertyEditor</name>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="153"/>
        <source>Select a node or a link to edit its attributes.

Several items of one kind can be edited together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="260"/>
        <location filename="../ui/PropertyEditor.cpp" line="367"/>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="264"/>
        <location filename="../ui/PropertyEditor.cpp" line="371"/>
        <source>The id cannot be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="266"/>
        <source>Another node already has the id “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="272"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="278"/>
        <source>IP / prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="284"/>
        <source>Not an address or prefix: try 10.1.0.0/16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="289"/>
        <source>CPU cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="292"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="299"/>
        <source>Not a size: try 2048 (GB) or 2 TiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="303"/>
        <source>GPU model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="313"/>
        <source>GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="316"/>
        <source>Fabric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="329"/>
        <source>Unknown fabric “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="332"/>
        <source>Fabric links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="335"/>
        <source>Fabric hop latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="338"/>
        <source>GPUs per server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="339"/>
        <source>Latitude</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="340"/>
        <source>Longitude</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="358"/>
        <source>Override for the b→a direction; leave empty to use the a→b value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="359"/>
        <source>same as a→b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="373"/>
        <source>Another link already has the id “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="378"/>
        <location filename="../ui/PropertyEditor.cpp" line="463"/>
        <source>Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="380"/>
        <source>Delay (one-way)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="382"/>
        <source>Jitter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="386"/>
        <source>Jitter distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="395"/>
        <source>Unknown distribution “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="397"/>
        <location filename="../ui/PropertyEditor.cpp" line="463"/>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="399"/>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="408"/>
        <source>Not a queue size: try 1000 (packets) or 1.5 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="418"/>
        <source>Duplex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="425"/>
        <source>Unknown duplex “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="427"/>
        <source>b→a bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="429"/>
        <source>Reverse direction (b→a) overrides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="430"/>
        <source>b→a delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="432"/>
        <source>b→a loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="450"/>
        <source>Schedule (changes over simulated time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="455"/>
        <source>Add step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="456"/>
        <source>Remove step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="463"/>
        <source>At</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="463"/>
        <source>Delay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="463"/>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="473"/>
        <source>Each row changes the link from its time on: e.g. at 600s, bandwidth 5G. Empty cells keep the value. State: up/down/empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="605"/>
        <source>%1 “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/PropertyEditor.cpp" line="606"/>
        <location filename="../ui/PropertyEditor.cpp" line="768"/>
        <source>%n nodes</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="608"/>
        <source> (1 selected link not edited)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="609"/>
        <source> (%1 selected links not edited)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="615"/>
        <source>Link %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/PropertyEditor.cpp" line="616"/>
        <location filename="../ui/PropertyEditor.cpp" line="780"/>
        <source>%n links</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="673"/>
        <source>Row %1: “At” must be a time ≥ 0, e.g. 600s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="685"/>
        <source>Row %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="711"/>
        <source>Row %1: state must be up, down or empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="723"/>
        <source>Edit schedule of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/PropertyEditor.cpp" line="379"/>
        <source>b→a %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/AttributeRows.cpp" line="88"/>
        <source>Unknown %1 “%2”</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::ResultsDock</name>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="90"/>
        <location filename="../ui/run/ResultsDock.cpp" line="113"/>
        <source>No results yet: run the experiment (Run ▸ Run).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="95"/>
        <source>Copy as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="97"/>
        <source>Copy the table shown, in its current order, as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="160"/>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 experiment, seed %3: simulated %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="168"/>
        <source>, %1 iterations, GPU effective compute %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="173"/>
        <source>, mean %1, busbw %2 Gbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="178"/>
        <source>; control plane: %1 messages, %2 retransmissions, %3 triggers fired, %4 failures detected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="185"/>
        <source>, stopped at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="188"/>
        <source>; engine: %1 events, %2 flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="195"/>
        <source>Warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/ResultsDock.cpp" line="197"/>
        <source> (and %1 more: hover to read them)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::RunView</name>
    <message>
        <location filename="../ui/run/RunView.cpp" line="58"/>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="61"/>
        <source>Iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="68"/>
        <source>Throughput (Gbit/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="69"/>
        <source>Off: utilisation in %; on: throughput = utilisation × bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="78"/>
        <source>Links</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="89"/>
        <source>The summary charts appear when a run has finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="90"/>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="97"/>
        <source>Baseline:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="110"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="118"/>
        <source>Control plane</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="301"/>
        <source>time per run (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="339"/>
        <source>changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunView.cpp" line="352"/>
        <source> (same)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::RunWorkbench</name>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="81"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="281"/>
        <source>Run failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="93"/>
        <source>Experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="101"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="199"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="109"/>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="151"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="185"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="336"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="151"/>
        <source>F5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="158"/>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="158"/>
        <source>F6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="160"/>
        <source>S&amp;tep One Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="160"/>
        <source>F10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="162"/>
        <source>&amp;Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="162"/>
        <source>Shift+F5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="164"/>
        <source>Export &amp;Report (HTML/PDF)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="167"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="357"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="368"/>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="167"/>
        <source>HTML report (*.html);;PDF report (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="172"/>
        <source>Export Results (JSON, CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="174"/>
        <source>Export results into folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="192"/>
        <source>Speed: as fast as possible, or simulated time at a multiple of wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="194"/>
        <source>As fast as possible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="196"/>
        <source>Paced ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="235"/>
        <source>Cannot run the experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="269"/>
        <source>Running — the topology is read-only until the run ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="272"/>
        <source>Paused at %1 s — Run resumes, Step runs one phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="276"/>
        <source>Run stopped: nothing kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="295"/>
        <source>between phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="297"/>
        <source>iteration %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="299"/>
        <source>%1 — t = %2 · %3 % done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="319"/>
        <source>%1 finished: simulated %2 (links show mean utilisation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="323"/>
        <source> — 1 warning (Results)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="325"/>
        <source> — %1 warnings (Results)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="336"/>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="357"/>
        <source>There is no finished run to report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="377"/>
        <location filename="../ui/run/RunWorkbench.cpp" line="383"/>
        <source>Export results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="377"/>
        <source>There is no finished run to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/run/RunWorkbench.cpp" line="389"/>
        <source>results.json and CSV files in %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::TopologyScene</name>
    <message>
        <location filename="../ui/TopologyScene.cpp" line="591"/>
        <source>Collapse %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/TopologyScene.cpp" line="591"/>
        <source>Expand %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExamplesMenu</name>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="30"/>
        <source>Llama-3-8B over a star WAN of four centres (the seed&apos;s experiment)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="33"/>
        <source>China&apos;s eight national computing hubs (East Data, West Computing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="36"/>
        <source>GPT-3 175B across two centres 100 km apart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="38"/>
        <source>GPT-3 175B in two pipeline stages, one per centre (1F1B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="39"/>
        <source>Heterogeneous GPUs and NPUs (H100, A100, Ascend 910B, TPU-like)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="42"/>
        <source>Fail-over: a WAN link fails, the collective switches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="45"/>
        <source>GÉANT (Topology Zoo) with centres in four European cities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="49"/>
        <source>Cross traffic: other tenants&apos; flows on the WAN bottleneck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="48"/>
        <source>Fabric: two-tier spine-leaf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="51"/>
        <source>Fabric: three-tier fat-tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="54"/>
        <source>Fabric: dual-plane rail-optimised</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="57"/>
        <source>Benchmark: ring all-reduce between four centres</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../ui/ExamplesMenu.cpp" line="60"/>
        <source>Benchmark: one TCP transfer over a lossy 1,200 km link</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrafficFields</name>
    <message>
        <source>Rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The source&apos;s rate per pair, e.g. 2G</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packet size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instead of the rate: one packet every gap (with the gap)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packet gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instead of the rate: the inter-packet gap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow arrival rate of all pairs together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instead of arrivals: the fraction of the load link&apos;s bandwidth, [0, 10]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The link whose a→b bandwidth the load is of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The flow-size law (docs/traffic.md §3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rate during an on period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On periods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The law of the on periods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off periods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The law of the off periods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel TCP connections per pair, 1-128</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: the streams send as much as they can</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Period</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A window opens every period (empty: one window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Periodic windows: what is unsent then is dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A CSV of flows, one per line: start_s,size_bytes,src,dst (relative to the .topo file; docs/traffic.md, trace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matrix %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gravity matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the matrix&apos;s rates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total %1 bit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> bit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B every %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>load %1 of %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 flows/s, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1 bit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n stream(s)</source>
        <translation>
            <numerusform>%n stream</numerusform>
            <numerusform>%n streams</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> every %1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::traffic::LawEditor</name>
    <message>
        <source>mean, e.g. 1MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean, e.g. 100ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shape α &gt; 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sigma σ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CDF file (bytes,cdf)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::traffic::GeneratorEditor</name>
    <message>
        <source>Background traffic generator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a name for the results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cbr: constant bit rate (UDP); poisson: flow arrivals with a size law; on_off: bursts and idle periods; bulk: long-lived TCP streams; trace: the flows of a CSV file, replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node id, or several: a, b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>required, e.g. 60 or 5min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start (s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop (s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters of the kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{} — keys this form does not show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A JSON object of the generator&apos;s other keys, kept as written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other keys:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other keys: not a JSON object: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#1b7f3b&apos;&gt;Generator valid.&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Error: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::traffic::TrafficDock</name>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From → To</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate / load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new generator (also: right-click a link, node or centre)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the selected generator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A copy of the selected generator with a new id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected generator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Error: %1&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No background traffic. Add a generator, or right-click a link, node or centre on the canvas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n generator(s), valid. Their flows share the links with the experiment&apos;s (docs/traffic.md).</source>
        <translation>
            <numerusform>%n generator, valid. Its flows share the links with the experiment&apos;s (docs/traffic.md).</numerusform>
            <numerusform>%n generators, valid. Their flows share the links with the experiment&apos;s (docs/traffic.md).</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: /experiment/traffic/generators/%2/id: generator id &apos;%3&apos; is used twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add traffic generator %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit traffic generator %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicate traffic generator %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove traffic generator %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::traffic::TrafficWorkbench</name>
    <message>
        <source>Traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Background Traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the background traffic generators along their routes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Background Traffic…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::RunView</name>
    <message>
        <source>Experiment vs background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs with background traffic: per link the experiment&apos;s throughput (solid) and the background generators&apos; (dashed), in Gbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>background carried</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Charts</name>
    <message>
        <source>%1 background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 experiment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No background rates: the run has no traffic section</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>Background traffic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>carried</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FCT p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FCT p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experiment bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>background bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>background share</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>meridian::ui::SolveDialog</name>
    <message numerus="yes">
        <source>%n run(s): the answer lies in [%1, %2]</source>
        <translation>
            <numerusform>%n run: the answer lies in [%1, %2]</numerusform>
            <numerusform>%n runs: the answer lies in [%1, %2]</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s); files in %1</source>
        <translation>
            <numerusform>%n run; files in %1</numerusform>
            <numerusform>%n runs; files in %1</numerusform>
        </translation>
    </message>
</context>
</TS>
