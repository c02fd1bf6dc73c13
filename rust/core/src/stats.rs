//! Statistics for fairness checks: Pearson's χ² goodness-of-fit test with an exact p-value.
//!
//! Used by the fairness tests and the balance tools to ask "are these draw counts what a fair bag
//! gives?" without tables of critical values.

/// The outcome of a χ² goodness-of-fit test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChiSquare {
    /// Pearson's statistic Σ (observed − expected)² / expected.
    pub statistic: f64,
    /// Degrees of freedom: categories − 1.
    pub degrees_of_freedom: u32,
    /// The probability of a statistic at least this large if the counts follow the expected shares.
    pub p_value: f64,
}

/// Tests `observed` counts against `expected_shares` (any positive weights; they are normalised).
///
/// Returns `None` when there are fewer than two categories, the lengths differ, a weight is not
/// positive, or nothing was observed.
pub fn chi_square(observed: &[u64], expected_shares: &[f64]) -> Option<ChiSquare> {
    if observed.len() < 2
        || observed.len() != expected_shares.len()
        || expected_shares.iter().any(|w| !w.is_finite() || *w <= 0.0)
    {
        return None;
    }
    let total: u64 = observed.iter().sum();
    if total == 0 {
        return None;
    }
    let weight_sum: f64 = expected_shares.iter().sum();
    let n = total as f64;
    let statistic = observed
        .iter()
        .zip(expected_shares)
        .map(|(&o, &w)| {
            let expected = n * w / weight_sum;
            let diff = o as f64 - expected;
            diff * diff / expected
        })
        .sum();
    let degrees_of_freedom = u32::try_from(observed.len() - 1).ok()?;
    Some(ChiSquare {
        statistic,
        degrees_of_freedom,
        p_value: chi_square_survival(statistic, degrees_of_freedom),
    })
}

/// P(X ≥ x) for X ~ χ²(k): the regularized upper incomplete gamma function Q(k/2, x/2).
pub fn chi_square_survival(x: f64, k: u32) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    upper_regularized_gamma(f64::from(k) / 2.0, x / 2.0)
}

/// Q(a, x) by the series for x < a + 1 and the continued fraction otherwise (Numerical Recipes).
fn upper_regularized_gamma(a: f64, x: f64) -> f64 {
    const EPS: f64 = 1e-15;
    const MAX_ITERATIONS: usize = 1000;
    let log_prefactor = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        let mut term = 1.0 / a;
        let mut sum = term;
        let mut denominator = a;
        for _ in 0..MAX_ITERATIONS {
            denominator += 1.0;
            term *= x / denominator;
            sum += term;
            if term.abs() < sum.abs() * EPS {
                break;
            }
        }
        (1.0 - sum * log_prefactor.exp()).clamp(0.0, 1.0)
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..MAX_ITERATIONS {
            let i = i as f64;
            let an = -i * (i - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < EPS {
                break;
            }
        }
        (log_prefactor.exp() * h).clamp(0.0, 1.0)
    }
}

/// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, n = 9; about 15 significant digits).
fn ln_gamma(x: f64) -> f64 {
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 − x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let series = COEFFICIENTS[1..]
        .iter()
        .enumerate()
        .fold(COEFFICIENTS[0], |acc, (i, c)| {
            acc + c / (x + i as f64 + 1.0)
        });
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn survival_matches_published_critical_values() {
        // (statistic, degrees of freedom, upper-tail probability) from standard χ² tables.
        let table = [
            (3.841, 1, 0.05),
            (10.828, 1, 0.001),
            (7.815, 3, 0.05),
            (16.266, 3, 0.001),
            (14.067, 7, 0.05),
            (24.322, 7, 0.001),
            (2.167, 7, 0.95),
            (63.691, 40, 0.01),
        ];
        for (x, k, p) in table {
            let got = chi_square_survival(x, k);
            assert!(
                close(got, p, p * 0.01 + 1e-5),
                "Q({x}, {k}) = {got}, want {p}"
            );
        }
    }

    #[test]
    fn ln_gamma_matches_factorials() {
        let mut factorial = 1.0f64;
        for n in 1..20u32 {
            assert!(close(ln_gamma(f64::from(n)), factorial.ln(), 1e-10));
            factorial *= f64::from(n);
        }
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-12
        ));
    }

    #[test]
    fn perfectly_fair_counts_have_p_value_one() {
        let result = chi_square(&[250, 250, 250, 250], &[1.0; 4]).unwrap();
        assert_eq!(result.statistic, 0.0);
        assert_eq!(result.degrees_of_freedom, 3);
        assert_eq!(result.p_value, 1.0);
    }

    #[test]
    fn lopsided_counts_are_rejected() {
        let result = chi_square(&[400, 200, 200, 200], &[1.0; 4]).unwrap();
        assert!(result.p_value < 1e-10, "p = {}", result.p_value);
    }

    #[test]
    fn expected_shares_are_normalised_weights() {
        let result = chi_square(&[600, 400], &[6.0, 4.0]).unwrap();
        assert_eq!(result.statistic, 0.0);
    }

    #[test]
    fn degenerate_inputs_give_none() {
        assert!(chi_square(&[5], &[1.0]).is_none());
        assert!(chi_square(&[5, 5], &[1.0]).is_none());
        assert!(chi_square(&[5, 5], &[1.0, 0.0]).is_none());
        assert!(chi_square(&[0, 0], &[1.0, 1.0]).is_none());
    }
}
