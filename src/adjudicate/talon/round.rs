pub fn run(
    _sc: &crate::parse::scenario::talon::Scenario,
    _seed: Option<u64>,
    _steps: &mut super::Steps,
) -> super::Played {
    Err(super::Stop::Cap)
}
