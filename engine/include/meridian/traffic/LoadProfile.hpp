#pragma once
// A generator's load profile over time (docs/traffic.md §2.5): a multiplier m(t) ≥ 0 of its
// rate, t in seconds of simulated time since the start of the run (the clock of start_s).
//
//   steps    points (t_i, m_i), t strictly increasing: m(t) = m_i for t_i ≤ t < t_{i+1};
//            m_0 before t_0, the last m after the last point.
//   linear   the same points, linear between them: m(t) = m_i + (m_{i+1} − m_i)·(t − t_i) /
//            (t_{i+1} − t_i); constant before the first and after the last point.
//   periodic either of them with period P (every t_i < P): m(t) = m(t mod P), a steps profile
//            holding its last value until the first point of the next period, a linear one
//            running from the last point to the first point + P.
//   diurnal  m(t) = m_min + (1 − m_min)·(1 + cos(2π(t − t_peak)/P))/2: 1 at t_peak (mod P),
//            m_min half a period away (the sinusoidal day of Internet traffic matrices,
//            Roughan, "Simplifying the synthesis of Internet traffic matrices", CCR 2005).
//
// How a generator follows it: a Poisson generator's arrival rate is λ·m(t), drawn by thinning
// (Lewis & Shedler 1979: candidates at rate λ·max m, each kept with probability m(t)/max m),
// which is exact for any m; a rate source (cbr, an on_off burst) keeps a constant rate over a
// segment, the mean of m over it (integral / length), so its offered bytes are exact; segments
// end where a steps profile changes, at 16 equal parts of every linear piece, and at P/48 of
// a diurnal one (nextChange).

#include <string>
#include <vector>

namespace meridian::traffic {

struct ProfilePoint
{
    double t_s = 0.0;
    double multiplier = 0.0;
};

class LoadProfile
{
public:
    enum class Shape
    {
        Steps,
        Linear,
        Diurnal
    };
    static constexpr int kLinearSegments = 16;  ///< rate-source segments per linear piece
    static constexpr int kDiurnalSegments = 48; ///< rate-source segments per diurnal period

    /// Points must be valid (profileProblem() empty; MERIDIAN_ASSERT); period_s 0 = none.
    static LoadProfile steps(std::vector<ProfilePoint> points, double period_s);
    static LoadProfile linear(std::vector<ProfilePoint> points, double period_s);
    /// period_s > 0, min_multiplier in [0, 1], peak_at_s ≥ 0.
    static LoadProfile diurnal(double period_s, double min_multiplier, double peak_at_s);

    Shape shape() const { return m_shape; }
    double periodS() const { return m_period_s; }
    /// m(t).
    double at(double t_s) const;
    /// max over all t of m(t) (> 0).
    double maxMultiplier() const { return m_max; }
    /// ∫_a^b m(t) dt (a ≤ b).
    double integral(double a_s, double b_s) const;
    /// The end of the rate-source segment that contains t (> t), +∞ if m is constant from t on.
    double nextChange(double t_s) const;

private:
    /// A piece of m over [a, b): linear from va to vb (b = +∞: constant va).
    struct Piece
    {
        double a = 0.0;
        double b = 0.0;
        double va = 0.0;
        double vb = 0.0;
    };
    static LoadProfile fromPoints(Shape shape, std::vector<ProfilePoint> points, double period_s);
    /// The piece containing τ (τ in [0, P) when periodic, ≥ 0 otherwise).
    const Piece& pieceAt(double tau_s) const;
    /// ∫ over [a, b] within one period (or the whole line when not periodic), a ≤ b.
    double integralWithin(double a_s, double b_s) const;
    double diurnalPrimitive(double t_s) const;

    Shape m_shape = Shape::Steps;
    double m_period_s = 0.0; ///< 0 = not periodic
    double m_max = 1.0;
    std::vector<Piece> m_pieces; ///< contiguous from 0 (steps, linear)
    double m_min = 0.0;          ///< diurnal
    double m_peak_s = 0.0;       ///< diurnal
};

/// "" when the points make a profile (1 to 10,000 points, finite, t ≥ 0 strictly increasing,
/// t < period_s when periodic, multipliers within [0, 1000] and at least one > 0), else what
/// is wrong, naming the point ("point 2: ...", 0-based).
std::string profileProblem(const std::vector<ProfilePoint>& points, double period_s);

} // namespace meridian::traffic
