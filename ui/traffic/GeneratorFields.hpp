#pragma once
// The keys of a background traffic generator as the GUI edits them (docs/traffic.md §1-§3),
// declared once: the generator editor builds its form from this table, the Traffic dock its
// columns and the canvas its labels. A key the engine accepts that is not declared here (a
// newer engine's) is kept as it is by the editor and shown in its "Other keys" field, so a
// generator is never damaged by editing it; declaring the key adds its row to the form.
//
// Values are the file's: a number, or a string with a unit ("2G", "300ms", "64KiB") that the
// engine parses (meridian/core/Units.hpp). The GUI never converts units itself.

#include <QString>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace meridian::ui::traffic {

enum class FieldType
{
    Quantity, ///< a number or a string with a unit (rate, size, duration, fraction)
    Integer,  ///< a whole number
    LinkId,   ///< the id of a link of the topology
    Law,      ///< a law object {"law": …, "mean_bytes" | "mean_s", "shape", "sigma", "file"}
    Choice    ///< one of choicesFor(key), the first the default (written only when chosen)
};

/// Bit per generator kind (GeneratorField::kinds).
enum GeneratorKindBit : unsigned
{
    kCbrBit = 1u,
    kPoissonBit = 2u,
    kOnOffBit = 4u,
    kBulkBit = 8u,
    kTraceBit = 16u,
    kEveryKind = 31u
};

struct GeneratorField
{
    const char* key;   ///< JSON key inside the generator ("rate_bps", "size")
    const char* label; ///< English label (translated with context "TrafficFields")
    FieldType type;
    unsigned kinds;   ///< GeneratorKindBit mask of the kinds that take it
    const char* unit; ///< unit of a plain number ("bit/s", "bytes", "s"), or ""
    const char* help; ///< English tool tip (translated with context "TrafficFields")
};

/// The kinds, in the engine's order: cbr, poisson, on_off, bulk, trace.
const std::vector<std::string>& generatorKinds();
/// GeneratorKindBit of a kind name (0 for an unknown name).
unsigned kindBit(const std::string& kind);
/// Protocols a kind takes, its default first (cbr: udp; bulk: tcp; poisson, trace: tcp, udp;
/// on_off: udp, tcp).
std::vector<std::string> protocolsOf(const std::string& kind);
/// Keys every generator has, edited by the editor's own rows: id, kind, from, to, start_s,
/// stop_s, protocol.
const std::vector<std::string>& commonKeys();
/// The kind-specific keys (every kind), in form order.
const std::vector<GeneratorField>& generatorFields();
/// Laws a Law field takes: "size" (a poisson generator's flow sizes) or a period ("on", "off").
std::vector<std::string> lawsFor(const std::string& key);
/// Values a Choice field takes, its default first: "mode" (a poisson generator's, traffic.md
/// §2.7) → auto, flows, fluid.
std::vector<std::string> choicesFor(const std::string& key);
/// The mean key of a Law field's object: "mean_bytes" for "size", "mean_s" for periods.
std::string meanKeyOf(const std::string& key);
/// Translated label and tool tip of a field.
QString fieldLabel(const GeneratorField& field);
QString fieldHelp(const GeneratorField& field);

/// The file's value of a typed text: empty → null (remove the key), a plain number → a
/// number, anything else → the string, for the engine to parse with its units.
nlohmann::json valueOfText(const QString& text);
/// The text of a value as typed (a number without trailing zeros, a string as is, an array
/// of node ids as "a, b").
QString textOfValue(const nlohmann::json& value);
/// A node list (a string or an array) as "a, b"; and back: one id → a string, several → an
/// array.
QString nodesText(const nlohmann::json& value);
nlohmann::json nodesValue(const QString& text);

/// One line per generator for tables and the canvas: "2G", "load 0.4 of wan",
/// "120 flows/s", "peak 4G", "4 streams" …
QString rateSummary(const nlohmann::json& generator);
/// The Traffic dock's "From → To" cell: "a → b, c" for from and to; for the kinds whose pairs
/// come from elsewhere, where they come from ("pairs of FILE" for a trace, "gravity matrix"
/// or "matrix FILE").
QString endpointsSummary(const nlohmann::json& generator);
/// "0 – 5 s" from start_s (default 0) and stop_s, as written.
QString windowSummary(const nlohmann::json& generator);

/// The generators array of an experiment (empty if none).
nlohmann::json generatorsOf(const nlohmann::json& experiment);
/// The experiment with its generators replaced; an empty array removes the traffic section.
nlohmann::json withGenerators(nlohmann::json experiment, const nlohmann::json& generators);
/// An id not used by any generator: `stem`, else stem-2, stem-3 …
std::string uniqueGeneratorId(const nlohmann::json& generators, const std::string& stem);

} // namespace meridian::ui::traffic
