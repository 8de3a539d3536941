//! The human techniques the logical solver knows, easiest first, each with
//! its Sudoku Explainer rating and the name players know it by.

use core::fmt;

/// A human technique, with its Sudoku Explainer rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Technique {
    FullHouse,
    /// A hidden single in a box (or jigsaw region).
    HiddenSingleBox,
    /// A hidden single in any other house.
    HiddenSingle,
    /// Pointing whose elimination leaves a hidden single, placed at once.
    DirectPointing,
    /// Claiming whose elimination leaves a hidden single.
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single.
    DirectHiddenPair,
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single.
    DirectHiddenTriple,
    /// Locked candidates, type 1: a box's symbol confined to one line.
    Pointing,
    /// Locked candidates, type 2: a line's symbol confined to one box.
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    /// Two strong links on a symbol in parallel lines (rows, or columns).
    Skyscraper,
    /// Two strong links on a symbol, one in a row and one in a column.
    TwoStringKite,
    /// Two strong links on a symbol, one of them in a box (or another house).
    TurbotFish,
    /// Two strong links on a symbol, one of them a box's cross of a row and
    /// a column (a grouped link).
    EmptyRectangle,
    /// An X-Wing with extra candidates (fins) in one box.
    FinnedXWing,
    /// A finned X-Wing missing a corner.
    SashimiXWing,
    XYWing,
    XYZWing,
    /// Two bivalue cells with the same pair, joined by a strong link on one
    /// of the pair.
    WWing,
    /// Unique rectangle, type 1: one corner has extra candidates.
    UniqueRectangle1,
    /// Unique rectangle, type 2: the extra corners share one extra candidate.
    UniqueRectangle2,
    /// Unique rectangle, type 3: the extra candidates make a naked set.
    UniqueRectangle3,
    /// Unique rectangle, type 4: one of the pair is locked in the extra corners.
    UniqueRectangle4,
    /// Unique loop (six cells or more), types 1 to 4 as for rectangles.
    UniqueLoop1,
    UniqueLoop2,
    UniqueLoop3,
    UniqueLoop4,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    /// A bivalue universal grave plus one cell with three candidates.
    BugPlusOne,
    FinnedSwordfish,
    SashimiSwordfish,
    FinnedJellyfish,
    SashimiJellyfish,
    /// Simple colouring: a cell sees both colours of a symbol's strong links.
    ColourTrap,
    /// Simple colouring: one colour meets itself in a house, so it is false.
    ColourWrap,
    /// A cycle of one symbol's links (SE's bidirectional X-cycle).
    XCycle,
    /// A cycle whose strong links are bivalue cells (SE's bidirectional Y-cycle).
    YCycle,
    /// A chain of one symbol's links refuting its start (SE's forcing X-chain).
    XChain,
    /// A cycle mixing both kinds of links (SE's bidirectional cycle).
    NiceLoop,
    /// A chain through bivalue cells refuting its start.
    XYChain,
    /// An alternating inference chain mixing both kinds of links (SE's forcing chain).
    Aic,
    /// One symbol followed from an assumption to a contradiction.
    NishioForcingChain,
    /// Every candidate of a cell leads to the same conclusion.
    CellForcingChain,
    /// Every place of a symbol in a house leads to the same conclusion
    /// (SE's region forcing chains).
    HouseForcingChain,
    /// An assumption followed through the singles it makes to a contradiction.
    DynamicContradiction,
    /// A candidate true and false both lead to the same conclusion.
    DynamicDoubleForcing,
    /// Cell forcing chains followed through the singles they make.
    DynamicCellForcingChain,
    /// House forcing chains followed through the singles they make.
    DynamicHouseForcingChain,
    /// Dynamic forcing chains that, where they stall, also use patterns on
    /// the board as the chain has left it: at `level` 1 (SE 9.0, "dynamic
    /// forcing chains (+)") locked candidates, pairs and X-Wings; from 2 on
    /// (SE 9.5 to 11.0, "nested forcing chains") chains of the lower
    /// levels too.
    NestedForcingChain {
        level: u8,
        form: ForcingForm,
    },
}

/// What a forcing step concludes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ForcingForm {
    /// One assumption leads to a contradiction.
    Contradiction,
    /// A candidate true and false both lead to the conclusion.
    Double,
    /// Every candidate of a cell leads to it.
    Cell,
    /// Every place of a symbol in a house leads to it.
    House,
}

impl Technique {
    /// The Sudoku Explainer rating of the technique.
    pub fn rating(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingle => 1.5,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::DirectHiddenTriple => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::Skyscraper => 4.0,
            Technique::TwoStringKite => 4.1,
            Technique::TurbotFish => 4.1,
            Technique::EmptyRectangle => 4.3,
            Technique::FinnedXWing => 4.3,
            Technique::SashimiXWing => 4.0,
            Technique::XYWing => 4.2,
            Technique::XYZWing => 4.4,
            Technique::WWing => 7.1,
            Technique::UniqueRectangle1 => 4.5,
            Technique::UniqueRectangle2 => 4.5,
            Technique::UniqueRectangle3 => 4.6,
            Technique::UniqueRectangle4 => 4.5,
            Technique::UniqueLoop1 => 4.6,
            Technique::UniqueLoop2 => 4.6,
            Technique::UniqueLoop3 => 4.7,
            Technique::UniqueLoop4 => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::BugPlusOne => 5.6,
            Technique::FinnedSwordfish => 5.7,
            Technique::SashimiSwordfish => 5.4,
            Technique::FinnedJellyfish => 6.1,
            Technique::SashimiJellyfish => 5.8,
            Technique::ColourTrap => 5.4,
            Technique::ColourWrap => 5.4,
            Technique::XCycle | Technique::YCycle => 6.5,
            Technique::XChain => 6.6,
            Technique::NiceLoop | Technique::XYChain | Technique::Aic => 7.0,
            Technique::NishioForcingChain => 7.5,
            Technique::CellForcingChain | Technique::HouseForcingChain => 8.0,
            Technique::DynamicContradiction
            | Technique::DynamicDoubleForcing
            | Technique::DynamicCellForcingChain
            | Technique::DynamicHouseForcingChain => 8.5,
            Technique::NestedForcingChain { level, .. } => 8.5 + 0.5 * f32::from(level),
        }
    }

    /// The technique's name, as players know it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingleBox => "hidden single (box)",
            Technique::HiddenSingle => "hidden single",
            Technique::DirectPointing => "direct pointing",
            Technique::DirectClaiming => "direct claiming",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::NakedSingle => "naked single",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::FinnedXWing => "finned X-Wing",
            Technique::SashimiXWing => "sashimi X-Wing",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::UniqueRectangle1 => "unique rectangle type 1",
            Technique::UniqueRectangle2 => "unique rectangle type 2",
            Technique::UniqueRectangle3 => "unique rectangle type 3",
            Technique::UniqueRectangle4 => "unique rectangle type 4",
            Technique::UniqueLoop1 => "unique loop type 1",
            Technique::UniqueLoop2 => "unique loop type 2",
            Technique::UniqueLoop3 => "unique loop type 3",
            Technique::UniqueLoop4 => "unique loop type 4",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::BugPlusOne => "BUG+1",
            Technique::FinnedSwordfish => "finned Swordfish",
            Technique::SashimiSwordfish => "sashimi Swordfish",
            Technique::FinnedJellyfish => "finned Jellyfish",
            Technique::SashimiJellyfish => "sashimi Jellyfish",
            Technique::ColourTrap => "colour trap",
            Technique::ColourWrap => "colour wrap",
            Technique::XCycle => "X-cycle",
            Technique::YCycle => "Y-cycle",
            Technique::XChain => "X-chain",
            Technique::NiceLoop => "nice loop",
            Technique::XYChain => "XY-chain",
            Technique::Aic => "alternating inference chain",
            Technique::NishioForcingChain => "Nishio forcing chain",
            Technique::CellForcingChain => "cell forcing chains",
            Technique::HouseForcingChain => "house forcing chains",
            Technique::DynamicContradiction => "dynamic contradiction chain",
            Technique::DynamicDoubleForcing => "dynamic double forcing chains",
            Technique::DynamicCellForcingChain => "dynamic cell forcing chains",
            Technique::DynamicHouseForcingChain => "dynamic house forcing chains",
            Technique::NestedForcingChain { level, .. } => match level {
                0 | 1 => "dynamic forcing chains (+)",
                2 => "nested forcing chains (+ forcing chains)",
                3 => "nested forcing chains (+ multiple forcing chains)",
                4 => "nested forcing chains (+ dynamic forcing chains)",
                _ => "nested forcing chains (+ dynamic forcing chains (+))",
            },
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
