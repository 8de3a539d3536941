use super::*;

pub(crate) const SEED: &str = "731298564495186723946753182153874296862531479289415637678342951317629845524967318 4-13 13-14 17-26 22-23 33-34 37-38 37-46 42-43 46-55 58-59 59-68 68-69";

#[test]
fn seed_has_five_answers() {
    let i: Instance = SEED.parse().unwrap();
    assert_eq!(i.to_string(), SEED);
    let all = all_answers(&i, 100);
    for a in &all {
        println!("{a}\n");
    }
    assert_eq!(count(&i, 100, None), Count::Exact(5));
}
