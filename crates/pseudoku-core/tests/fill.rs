//! Random complete grids: valid for every variant, reproducible, and random
//! in the ways players notice (no template structure, every symbol equally
//! likely in every cell).

use pseudoku_core::generate::{bands, fill, FillError};
use pseudoku_core::grid::is_solved;
use pseudoku_core::layout::Layout;
use pseudoku_core::seed::{rng_from_seed, seed_from_text};
use pseudoku_core::symbol::Symbol;
use rand::Rng;

fn blank(layout: &Layout) -> Vec<Option<Symbol>> {
    vec![None; layout.cell_count()]
}

fn layouts() -> Vec<(&'static str, Layout)> {
    let classic9 = Layout::classic(3).unwrap();
    let jigsaw = Layout::jigsaw(
        9,
        &"111222333111222333114222333144555666444555666444555666777888999777888999777888999"
            .bytes()
            .map(|b| (b - b'0') as usize)
            .collect::<Vec<_>>(),
    )
    // Regions 1 and 4 trade a cell along their border.
    .unwrap();
    let samurai = Layout::multigrid(
        21,
        21,
        &[(0, 0, &classic9), (0, 12, &classic9), (6, 6, &classic9), (12, 0, &classic9), (12, 12, &classic9)],
    )
    .unwrap();
    vec![
        ("4x4", Layout::classic(2).unwrap()),
        ("6x6", Layout::boxed(2, 3).unwrap()),
        ("8x8", Layout::boxed(2, 4).unwrap()),
        ("9x9", classic9.clone()),
        ("12x12", Layout::boxed(3, 4).unwrap()),
        ("16x16", Layout::classic(4).unwrap()),
        ("25x25", Layout::classic(5).unwrap()),
        ("12x12 with 2x6 boxes", Layout::boxed(2, 6).unwrap()),
        ("36x36", Layout::classic(6).unwrap()),
        ("64x64", Layout::classic(8).unwrap()),
        ("100x100", Layout::classic(10).unwrap()),
        ("diagonal 9x9", Layout::classic(3).unwrap().with_diagonals().unwrap()),
        ("jigsaw 9x9", jigsaw),
        ("samurai", samurai),
        ("pie", Layout::pie(12, 6).unwrap()),
        ("latin 7x7", Layout::latin(7).unwrap()),
    ]
}

#[test]
fn every_fill_is_a_valid_complete_grid() {
    for (name, layout) in layouts() {
        for seed in 0..5 {
            let mut rng = rng_from_seed(seed);
            let grid = fill(&layout, &blank(&layout), &mut rng).unwrap_or_else(|e| panic!("{name}: {e}"));
            let cells: Vec<_> = grid.into_iter().map(Some).collect();
            assert!(is_solved(&layout, &cells), "{name} seed {seed}");
        }
    }
}

#[test]
fn seeds_reproduce_and_differ() {
    let layout = Layout::classic(4).unwrap();
    let a = fill(&layout, &blank(&layout), &mut rng_from_seed(seed_from_text("A BADONK BLOCKADE"))).unwrap();
    let b = fill(&layout, &blank(&layout), &mut rng_from_seed(seed_from_text("A BADONK BLOCKADE"))).unwrap();
    let c = fill(&layout, &blank(&layout), &mut rng_from_seed(seed_from_text("A BADONK BLOCKADF"))).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn fills_around_preplaced_symbols() {
    // A 16×16 whose first row starts with the word BADGE (symbols 1-9, A-G).
    let layout = Layout::classic(4).unwrap();
    let mut givens = blank(&layout);
    for (i, ch) in "BADGE".chars().enumerate() {
        givens[i] = Symbol::from_char(ch);
    }
    for seed in 0..5 {
        let grid = fill(&layout, &givens, &mut rng_from_seed(seed)).unwrap();
        let word: String = grid[..5].iter().map(|s| s.to_string()).collect();
        assert_eq!(word, "BADGE");
        assert!(is_solved(&layout, &grid.into_iter().map(Some).collect::<Vec<_>>()));
    }
    // Two A's in one row admit no completion, and the fill says so.
    givens[7] = Symbol::from_char('A');
    assert_eq!(fill(&layout, &givens, &mut rng_from_seed(1)), Err(FillError::NoCompletion));
}

/// Pearson's chi-square over every cell of `grids` 9×9 grids: how far the
/// count of each symbol in each cell is from `grids / 9`.
fn chi_square(grids: &[Vec<Symbol>]) -> f64 {
    let expected = grids.len() as f64 / 9.0;
    let mut counts = vec![[0u32; 9]; 81];
    for g in grids {
        for (c, s) in g.iter().enumerate() {
            counts[c][s.index()] += 1;
        }
    }
    counts.iter().flat_map(|row| row.iter()).map(|&o| (o as f64 - expected).powi(2) / expected).sum()
}

#[test]
fn every_symbol_is_equally_likely_in_every_cell() {
    let layout = Layout::classic(3).unwrap();
    let mut rng = rng_from_seed(2024);
    let grids: Vec<_> = (0..1800).map(|_| fill(&layout, &blank(&layout), &mut rng).unwrap()).collect();
    // 81 cells × 8 degrees of freedom = 648. The 99.9th percentile of
    // chi-square with 648 degrees of freedom is about 765; a biased filler
    // (for example one that favours low symbols early) lands in the
    // thousands.
    let x2 = chi_square(&grids);
    eprintln!("chi-square {x2:.0} over 648 degrees of freedom (threshold 765)");
    assert!(x2 < 765.0, "chi-square {x2:.0} over 648 degrees of freedom");
    // The statistic can fail: the same test on a biased sample does.
    let biased: Vec<_> =
        grids.iter().take(1800).map(|g| if g[0].index() == 8 { grids[0].clone() } else { g.clone() }).collect();
    assert!(chi_square(&biased) > 765.0);
}

/// Template structure of a 9×9 grid: over the pairs of rows in one band and
/// columns in one stack, the most cells that one line shares with a cyclic
/// shift of the other. Lazy boards ("changed as little as possible with
/// each row") score 9.
fn template_score(g: &[Symbol]) -> usize {
    let row = |r: usize| -> Vec<usize> { (0..9).map(|c| g[r * 9 + c].index()).collect() };
    let col = |c: usize| -> Vec<usize> { (0..9).map(|r| g[r * 9 + c].index()).collect() };
    let mut best = 0;
    for band in 0..3 {
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            for lines in [[row(band * 3 + a), row(band * 3 + b)], [col(band * 3 + a), col(band * 3 + b)]] {
                for k in 1..9 {
                    let same = (0..9).filter(|&i| lines[0][(i + k) % 9] == lines[1][i]).count();
                    best = best.max(same);
                }
            }
        }
    }
    best
}

/// A plainly random reference: cells in reading order, a uniformly random
/// allowed symbol each, restart on a dead end. Slow, but with no search
/// heuristics that could leave a pattern.
fn naive_fill(rng: &mut impl Rng) -> Vec<Symbol> {
    'restart: loop {
        let mut g = [usize::MAX; 81];
        for c in 0..81 {
            let (r, col) = (c / 9, c % 9);
            let allowed: Vec<usize> = (0..9)
                .filter(|&s| {
                    (0..81).all(|o| {
                        let (r2, c2) = (o / 9, o % 9);
                        let peer = r2 == r || c2 == col || (r2 / 3 == r / 3 && c2 / 3 == col / 3);
                        !(peer && g[o] == s)
                    })
                })
                .collect();
            if allowed.is_empty() {
                continue 'restart;
            }
            g[c] = allowed[rng.random_range(0..allowed.len() as u32) as usize];
        }
        return g.iter().map(|&s| Symbol::new(s)).collect();
    }
}

/// The construction of large grids ([`bands`]), run at 9×9 and before the
/// fill relabels symbols: it already puts every symbol in every cell about
/// equally often, and shows no more template structure than the search or
/// the naive reference.
#[test]
fn band_construction_is_balanced_and_not_a_template() {
    let mut rng = rng_from_seed(4242);
    let grids: Vec<_> = (0..1800).map(|_| bands::fill_boxed(3, 3, &mut rng)).collect();
    let x2 = chi_square(&grids);
    eprintln!("chi-square {x2:.0} over 648 degrees of freedom (threshold 765)");
    assert!(x2 < 765.0, "chi-square {x2:.0} over 648 degrees of freedom");
    let ours: Vec<usize> = grids.iter().take(300).map(|g| template_score(g)).collect();
    let reference: Vec<usize> = (0..300).map(|_| template_score(&naive_fill(&mut rng))).collect();
    let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64;
    let (m_ours, m_ref) = (mean(&ours), mean(&reference));
    eprintln!("band construction template score: {m_ours:.2}, naive random {m_ref:.2}");
    assert!((m_ours - m_ref).abs() < 0.35, "template score: bands {m_ours:.2}, naive random {m_ref:.2}");
}

#[test]
fn no_template_structure_compared_with_naive_random_grids() {
    let layout = Layout::classic(3).unwrap();
    let mut rng = rng_from_seed(77);
    let ours: Vec<usize> =
        (0..300).map(|_| template_score(&fill(&layout, &blank(&layout), &mut rng).unwrap())).collect();
    let reference: Vec<usize> = (0..300).map(|_| template_score(&naive_fill(&mut rng))).collect();
    let mean = |v: &[usize]| v.iter().sum::<usize>() as f64 / v.len() as f64;
    let (m_ours, m_ref) = (mean(&ours), mean(&reference));
    assert!((m_ours - m_ref).abs() < 0.35, "template score: ours {m_ours:.2}, naive random {m_ref:.2}");
    // Some random grids do have a band whose rows are shifts by a box width
    // of each other; what matters is that it is not more common here.
    let nines = |v: &[usize]| v.iter().filter(|&&s| s == 9).count();
    eprintln!(
        "template score: ours {m_ours:.2} ({} nines), naive {m_ref:.2} ({} nines)",
        nines(&ours),
        nines(&reference)
    );
    assert!(
        nines(&ours) <= nines(&reference) * 2 + 6,
        "shifted bands: ours {}, naive {}",
        nines(&ours),
        nines(&reference)
    );
    // The detector works: a lazy board (each row the previous one shifted)
    // scores the maximum.
    let lazy: Vec<Symbol> = (0..81).map(|i| Symbol::new(((i / 9) * 3 + (i / 27) + i % 9) % 9)).collect();
    assert!(is_solved(&layout, &lazy.iter().copied().map(Some).collect::<Vec<_>>()));
    assert_eq!(template_score(&lazy), 9);
}
