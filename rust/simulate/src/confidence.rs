//! The statistics the report quotes, on `statrs`: χ² goodness of fit against equal shares
//! (the p-value is the χ² distribution's survival function, the regularized upper incomplete
//! gamma), and 95 % confidence intervals — Wilson score intervals for rates counted in
//! independent trials, normal intervals for means over games.

use statrs::distribution::{ChiSquared, ContinuousCDF, Normal};

/// The confidence level of every interval in the report.
pub const LEVEL: f64 = 0.95;

/// The standard normal quantile for [`LEVEL`] (two-sided): 1.96.
pub fn z() -> f64 {
    Normal::standard().inverse_cdf(0.5 + LEVEL / 2.0)
}

/// A rate with its confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The observed value.
    pub value: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The Wilson score interval of `successes` in `trials` independent trials (the observed rate
/// with an interval that stays within 0..=1 and is sound for small counts and rates near 0).
pub fn wilson(successes: u64, trials: u64) -> Estimate {
    if trials == 0 {
        return Estimate {
            value: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z = z();
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The normal interval of a mean over `samples` samples with standard deviation `deviation`.
pub fn mean(value: f64, deviation: f64, samples: u32) -> Estimate {
    let half = z() * deviation / f64::from(samples.max(1)).sqrt();
    Estimate {
        value,
        low: value - half,
        high: value + half,
    }
}

/// Pearson's χ² test of `counts` against equal shares: the p-value, or `None` for fewer than
/// two categories or no counts.
pub fn equal_shares_p(counts: &[u64]) -> Option<f64> {
    let total: u64 = counts.iter().sum();
    if counts.len() < 2 || total == 0 {
        return None;
    }
    let expected = total as f64 / counts.len() as f64;
    let statistic: f64 = counts
        .iter()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    let distribution = ChiSquared::new((counts.len() - 1) as f64).ok()?;
    Some(distribution.sf(statistic))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_shares_p_matches_the_closed_forms() {
        // One degree of freedom: P(χ² ≥ x) = erfc(√(x/2)); 5 020 vs 4 980 gives x = 0.16.
        let one = equal_shares_p(&[5_020, 4_980]).expect("two categories");
        assert!(
            (one - statrs::function::erf::erfc(0.08f64.sqrt())).abs() < 1e-12,
            "{one}"
        );
        // Two: P(χ² ≥ x) = e^(−x/2); 300, 200, 250 gives x = 20.
        let two = equal_shares_p(&[300, 200, 250]).expect("three categories");
        assert!((two - (-10.0f64).exp()).abs() < 1e-12, "{two}");
        assert_eq!(equal_shares_p(&[250; 4]), Some(1.0));
        assert_eq!(equal_shares_p(&[7]), None);
        assert_eq!(equal_shares_p(&[0, 0]), None);
    }

    #[test]
    fn wilson_intervals_match_the_textbook_and_stay_within_bounds() {
        // 15 of 60 at 95 %: 0.1578 to 0.3724.
        let e = wilson(15, 60);
        assert!((e.value - 0.25).abs() < 1e-12);
        assert!((e.low - 0.1578).abs() < 5e-4, "{e:?}");
        assert!((e.high - 0.3724).abs() < 5e-4, "{e:?}");
        let none = wilson(0, 60);
        assert!(none.low == 0.0 && none.high > 0.04);
        let all = wilson(60, 60);
        assert!(all.high > 1.0 - 1e-12 && all.high <= 1.0 && all.low < 0.96);
        assert_eq!(wilson(0, 0).high, 1.0);
    }

    #[test]
    fn a_mean_interval_narrows_with_more_samples() {
        let few = mean(0.25, 0.05, 10);
        let many = mean(0.25, 0.05, 1000);
        assert!(few.low < many.low && many.high < few.high);
        assert!((many.high - 0.25 - 1.96 * 0.05 / 1000f64.sqrt()).abs() < 1e-4);
    }
}
