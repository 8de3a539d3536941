//! Real f-puzzles links from public sources (`tests/data/fpuzzles.txt`, each
//! with where it came from) import with the right givens and solution count,
//! or are refused with the sentence that names their rules.

use pseudoku_core::format::fpuzzles::{export_fpuzzles, import};
use pseudoku_core::solver::{Count, Solver};

#[test]
fn real_links_import_or_are_refused_by_name() {
    let data = include_str!("data/fpuzzles.txt");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (expect, link) = line.split_once('\t').expect("EXPECT<TAB>LINK");
        match expect.strip_prefix("refused=") {
            Some(sentence) => assert_eq!(import(link).unwrap_err().to_string(), sentence, "{link}"),
            None => {
                let imported = import(link).unwrap_or_else(|e| panic!("{link}: {e}"));
                let v = &imported.variant;
                let givens = v.givens().map_or(0, |g| g.iter().flatten().count());
                let empty = vec![None; v.layout().cell_count()];
                let count = Solver::new(v.layout()).count(v.givens().unwrap_or(&empty), 2);
                let count = match count {
                    Count::Exact(n) => n.to_string(),
                    Count::AtLeast(n) | Count::GaveUp { found: n, .. } => format!("{n}+"),
                };
                assert_eq!(format!("count={count} givens={givens}"), expect, "{link}");
                // Our own export of it reads back the same.
                let again = import(&export_fpuzzles(v).unwrap()).unwrap();
                assert_eq!((again.variant.layout(), again.variant.givens()), (v.layout(), v.givens()));
            }
        }
        checked += 1;
    }
    assert!(checked >= 5, "{checked}");
}
