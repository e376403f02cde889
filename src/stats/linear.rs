//! Dense linear solve for the small systems of a Newton step. Knows nothing of ratings.

/// Solves `a · x = b` for a row-major `n × n` matrix by Gaussian elimination with partial
/// pivoting, in a fixed order so results are bit-reproducible.
///
/// Returns `None` when a pivot is zero or not finite (the matrix is singular to working
/// precision); callers treat that as "no further progress possible", never as a panic.
pub(crate) fn solve(mut a: Vec<f64>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    debug_assert_eq!(
        a.len(),
        n * n,
        "matrix must be n × n for a right-hand side of length n"
    );
    for col in 0..n {
        let pivot_row = (col..n)
            .max_by(|&r, &s| a[r * n + col].abs().total_cmp(&a[s * n + col].abs()))
            .expect("the range col..n is not empty because col < n");
        let pivot = a[pivot_row * n + col];
        if pivot == 0.0 || !pivot.is_finite() {
            return None;
        }
        if pivot_row != col {
            for k in 0..n {
                a.swap(col * n + k, pivot_row * n + k);
            }
            b.swap(col, pivot_row);
        }
        for row in col + 1..n {
            let factor = a[row * n + col] / pivot;
            if factor != 0.0 {
                for k in col..n {
                    a[row * n + k] -= factor * a[col * n + k];
                }
                b[row] -= factor * b[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|k| a[row * n + k] * x[k]).sum();
        x[row] = (b[row] - tail) / a[row * n + row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_small_system_and_refuses_a_singular_one() {
        let x = solve(vec![2.0, 1.0, 1.0, 3.0], vec![3.0, 5.0]).unwrap();
        assert!((x[0] - 0.8).abs() < 1e-15 && (x[1] - 1.4).abs() < 1e-15);
        assert!(solve(vec![1.0, 2.0, 2.0, 4.0], vec![1.0, 2.0]).is_none());
    }
}
