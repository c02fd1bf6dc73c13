//! Pearson's χ² goodness-of-fit test for the fairness tests, on `statrs` (a dev-dependency: the
//! core ships no statistics of its own).

use statrs::distribution::{ChiSquared, ContinuousCDF};

/// The p-value of `observed` counts against `shares` (positive weights, normalised): the χ²
/// distribution's survival function at Pearson's statistic Σ (observed − expected)² / expected,
/// with one degree of freedom fewer than the categories. Panics on fewer than two categories,
/// lengths that differ or nothing observed: a test that asks so is wrong.
pub fn chi_square_p(observed: &[u64], shares: &[f64]) -> f64 {
    assert!(
        observed.len() >= 2 && observed.len() == shares.len(),
        "{observed:?} vs {shares:?}"
    );
    let total: u64 = observed.iter().sum();
    assert!(total > 0, "nothing observed");
    let weights: f64 = shares.iter().sum();
    let statistic: f64 = observed
        .iter()
        .zip(shares)
        .map(|(&o, &w)| {
            let expected = total as f64 * w / weights;
            (o as f64 - expected).powi(2) / expected
        })
        .sum();
    let distribution = ChiSquared::new((observed.len() - 1) as f64).expect("degrees of freedom");
    distribution.sf(statistic)
}
