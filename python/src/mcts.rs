//! `rulebook.BatchMcts`: AlphaZero-style Monte Carlo tree search (PUCT)
//! over a batch of games at once, the trees in Rust, the evaluation in
//! Python: each round of simulations descends every tree to one leaf and
//! asks Python's `evaluate(observations, masks)` once for the priors and
//! values of all the leaves.
//!
//! Written once over the library's [`Environment`] (actions, masks and
//! observations as `VectorEnv` gives them), so it plays every game; a move
//! of several actions (a checkers jump) is several levels of the tree.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use rulebook::agent::Environment;
use rulebook::{Game, PlayerOutcome};

use crate::environments::{
    environment_at, game_object, visit_environment, AgentEnvironment, EnvironmentVisitor,
};
use crate::games::{DynGame, PyGame};

/// The search's settings, as the user gave them (checked).
#[derive(Clone, Copy, Debug)]
struct Settings {
    simulations: u32,
    c_puct: f32,
    dirichlet_alpha: f32,
    dirichlet_fraction: f32,
}

/// One node: the state reached, its statistics from the point of view of
/// the player who acted into it, and its children (a range of the arena).
struct Node<E: Environment> {
    state: E,
    /// The player to act here (for a terminal node, the one who would).
    mover: <E::Game as Game>::Player,
    prior: f32,
    visits: u32,
    /// Sum of the values backed up, for the player who acted into it.
    value_sum: f32,
    /// The value for the player who acted into it, when the game is over.
    terminal: Option<f32>,
    /// The action from the parent.
    action: usize,
    children: core::ops::Range<usize>,
    expanded: bool,
}

/// A uniform random number in `[0, 1)` from `rng`.
fn uniform(rng: &mut fastrand::Rng) -> f64 {
    rng.f64()
}

/// A standard normal variate (Box-Muller).
fn normal(rng: &mut fastrand::Rng) -> f64 {
    let u1 = 1.0 - uniform(rng); // (0, 1]
    let u2 = uniform(rng);
    (-2.0 * u1.ln()).sqrt() * (core::f64::consts::TAU * u2).cos()
}

/// A Gamma(`alpha`, 1) variate (Marsaglia and Tsang; `alpha < 1` by
/// boosting). Precondition: `alpha > 0`.
fn gamma(rng: &mut fastrand::Rng, alpha: f64) -> f64 {
    debug_assert!(alpha > 0.0);
    if alpha < 1.0 {
        let boost = uniform(rng).max(f64::MIN_POSITIVE).powf(1.0 / alpha);
        return gamma(rng, alpha + 1.0) * boost;
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = (1.0 + c * x).powi(3);
        if v <= 0.0 {
            continue;
        }
        let u = uniform(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// The search over one environment type.
trait MctsCore: Send + Sync {
    fn action_count(&self) -> usize;
    fn observation_len(&self) -> usize;
    fn observation_shape(&self) -> (usize, usize, usize);
    /// Searches from each root; returns (visit shares (roots x actions),
    /// root values, chosen actions).
    fn search(
        &mut self,
        py: Python<'_>,
        roots: &[(Box<dyn DynGame>, Vec<usize>)],
        evaluate: &Bound<'_, PyAny>,
        temperature: f32,
        leaf_games: bool,
    ) -> PyResult<(Vec<f32>, Vec<f32>, Vec<i64>)>;
}

struct MctsOf<E: AgentEnvironment> {
    start: E,
    settings: Settings,
    rng: fastrand::Rng,
}

/// A tree: its arena, root at index 0.
type Tree<E> = Vec<Node<E>>;

impl<E: AgentEnvironment> MctsOf<E> {
    fn node(
        &self,
        state: E,
        prior: f32,
        action: usize,
        parent_mover: Option<<E::Game as Game>::Player>,
    ) -> Node<E> {
        let mover = Game::to_move(state.position());
        let terminal =
            match parent_mover {
                Some(parent) if actions_between(&state) => state
                    .position()
                    .outcome_for(parent)
                    .map(|outcome| match outcome {
                        PlayerOutcome::Win => 1.0,
                        PlayerOutcome::Draw => 0.0,
                        PlayerOutcome::Loss => -1.0,
                    }),
                _ => None,
            };
        Node {
            state,
            mover,
            prior,
            visits: 0,
            value_sum: 0.0,
            terminal,
            action,
            children: 0..0,
            expanded: false,
        }
    }

    /// The child of `node` that PUCT chooses.
    fn select(&self, tree: &Tree<E>, node: usize) -> usize {
        let parent = &tree[node];
        let sqrt_visits = (parent.visits.max(1) as f32).sqrt();
        let mut best = parent.children.start;
        let mut best_score = f32::NEG_INFINITY;
        for index in parent.children.clone() {
            let child = &tree[index];
            let q = if child.visits == 0 {
                0.0
            } else {
                child.value_sum / child.visits as f32
            };
            let u = self.settings.c_puct * child.prior * sqrt_visits / (1.0 + child.visits as f32);
            if q + u > best_score {
                best_score = q + u;
                best = index;
            }
        }
        best
    }

    /// Expands `node` with `priors` (over all actions; renormalised over
    /// the legal ones, uniform if they sum to nothing).
    fn expand(&self, tree: &mut Tree<E>, node: usize, priors: &[f32], mask: &mut [bool]) {
        let state = tree[node].state.clone();
        let mover = tree[node].mover;
        if state.legal_action_mask(mask).is_err() {
            return;
        }
        let legal: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
        let total: f32 = legal.iter().map(|&a| priors[a].max(0.0)).sum();
        let start = tree.len();
        for &action in &legal {
            let prior = if total > 0.0 && total.is_finite() {
                priors[action].max(0.0) / total
            } else {
                1.0 / legal.len() as f32
            };
            let mut child = state.clone();
            if child.apply_action(action).is_err() {
                continue;
            }
            tree.push(self.node(child, prior, action, Some(mover)));
        }
        let end = tree.len();
        tree[node].children = start..end;
        tree[node].expanded = true;
    }

    /// Mixes Dirichlet noise into the priors of the root's children.
    fn add_noise(&mut self, tree: &mut Tree<E>) {
        let Settings {
            dirichlet_alpha: alpha,
            dirichlet_fraction: fraction,
            ..
        } = self.settings;
        let children = tree[0].children.clone();
        if fraction <= 0.0 || children.is_empty() {
            return;
        }
        let noise: Vec<f64> = children
            .clone()
            .map(|_| gamma(&mut self.rng, f64::from(alpha)))
            .collect();
        let sum: f64 = noise.iter().sum();
        if sum <= 0.0 || !sum.is_finite() {
            return;
        }
        for (index, n) in children.zip(noise) {
            let prior = &mut tree[index].prior;
            *prior = (1.0 - fraction) * *prior + fraction * (n / sum) as f32;
        }
    }

    /// Adds `value` (for `player`) to every node of `path` but the root,
    /// each from the point of view of the player who acted into it.
    fn backup(tree: &mut Tree<E>, path: &[usize], value: f32, player: <E::Game as Game>::Player) {
        tree[path[0]].visits += 1;
        for pair in path.windows(2) {
            let acted = tree[pair[0]].mover;
            let node = &mut tree[pair[1]];
            node.visits += 1;
            node.value_sum += if acted == player { value } else { -value };
        }
    }
}

/// Whether `state` is between moves (no action of a move in progress):
/// only then can its game be over.
fn actions_between<E: Environment>(state: &E) -> bool {
    E::from_position(state.position().clone()) == *state
}

/// Python's answer for `count` leaves: priors (count x actions) and values
/// (count), checked.
fn evaluation(
    answer: &Bound<'_, PyAny>,
    count: usize,
    actions: usize,
) -> PyResult<(Vec<f32>, Vec<f32>)> {
    let bad = || {
        PyTypeError::new_err(format!(
            "evaluate must return (priors, values): float32-convertible arrays of shapes ({count}, {actions}) and ({count},)"
        ))
    };
    let pair = answer.cast::<PyTuple>().map_err(|_| bad())?;
    if pair.len() != 2 {
        return Err(bad());
    }
    let numpy = answer.py().import("numpy")?;
    let as_f32 = |item: Bound<'_, PyAny>| -> PyResult<Vec<f32>> {
        let array = numpy.call_method1("ascontiguousarray", (item, "float32"))?;
        let array = array
            .cast_into::<numpy::PyArrayDyn<f32>>()
            .map_err(|_| bad())?;
        let values = array.readonly().as_slice()?.to_vec();
        Ok(values)
    };
    let priors = as_f32(pair.get_item(0)?)?;
    let values = as_f32(pair.get_item(1)?)?;
    if priors.len() != count * actions || values.len() != count {
        return Err(PyValueError::new_err(format!(
            "evaluate returned {} priors and {} values for {count} leaves of {actions} actions: expected shapes ({count}, {actions}) and ({count},)",
            priors.len(),
            values.len()
        )));
    }
    if values.iter().any(|v| !v.is_finite()) {
        return Err(PyValueError::new_err(
            "evaluate returned a value that is not finite",
        ));
    }
    Ok((priors, values))
}

impl<E: AgentEnvironment> MctsCore for MctsOf<E> {
    fn action_count(&self) -> usize {
        self.start.action_count()
    }
    fn observation_len(&self) -> usize {
        self.start.observation_shape().len()
    }
    fn observation_shape(&self) -> (usize, usize, usize) {
        let shape = self.start.observation_shape();
        (shape.planes, shape.rows, shape.columns)
    }

    fn search(
        &mut self,
        py: Python<'_>,
        roots: &[(Box<dyn DynGame>, Vec<usize>)],
        evaluate: &Bound<'_, PyAny>,
        temperature: f32,
        leaf_games: bool,
    ) -> PyResult<(Vec<f32>, Vec<f32>, Vec<i64>)> {
        let actions = self.action_count();
        let observation_len = self.observation_len();
        let (planes, rows, columns) = self.observation_shape();
        let mut trees: Vec<Tree<E>> = Vec::with_capacity(roots.len());
        for (index, (game, moves)) in roots.iter().enumerate() {
            let state = environment_at(&self.start, &**game, moves).map_err(|error| {
                PyValueError::new_err(format!("root {index}: {}", error.value(py)))
            })?;
            let root = self.node(state, 1.0, 0, None);
            if root.state.position().is_over() {
                return Err(PyValueError::new_err(format!(
                    "root {index}: the game is over"
                )));
            }
            trees.push(vec![root]);
        }
        let mut mask = vec![false; actions];
        // Round 0 evaluates the roots; each later round, one leaf per tree.
        for round in 0..=self.settings.simulations {
            let mut paths: Vec<(usize, Vec<usize>)> = Vec::new();
            for (t, tree) in trees.iter_mut().enumerate() {
                let mut path = vec![0];
                let mut node = 0;
                while tree[node].expanded && !tree[node].children.is_empty() {
                    node = self.select(tree, node);
                    path.push(node);
                }
                if let Some(value) = tree[node].terminal {
                    let player = tree[path[path.len() - 2]].mover;
                    Self::backup(tree, &path, value, player);
                } else {
                    paths.push((t, path));
                }
            }
            if paths.is_empty() {
                continue;
            }
            let count = paths.len();
            let mut observations = vec![0.0f32; count * observation_len];
            let mut masks = vec![false; count * actions];
            for (k, (t, path)) in paths.iter().enumerate() {
                let state = &trees[*t][*path.last().unwrap_or(&0)].state;
                let _ = state.write_observation(
                    &mut observations[k * observation_len..(k + 1) * observation_len],
                );
                let _ = state.legal_action_mask(&mut masks[k * actions..(k + 1) * actions]);
            }
            let observations =
                PyArray1::from_vec(py, observations).reshape([count, planes, rows, columns])?;
            let masks = PyArray1::from_vec(py, masks).reshape([count, actions])?;
            let answer = if leaf_games {
                let games = PyList::empty(py);
                for (t, path) in &paths {
                    let state = &trees[*t][*path.last().unwrap_or(&0)].state;
                    games.append(game_object(py, Box::new(state.position().clone()))?)?;
                }
                evaluate.call1((observations, masks, games))?
            } else {
                evaluate.call1((observations, masks))?
            };
            let (priors, values) = evaluation(&answer, count, actions)?;
            for (k, (t, path)) in paths.iter().enumerate() {
                let tree = &mut trees[*t];
                let leaf = *path.last().unwrap_or(&0);
                self.expand(
                    tree,
                    leaf,
                    &priors[k * actions..(k + 1) * actions],
                    &mut mask,
                );
                if round == 0 {
                    self.add_noise(tree);
                }
                let player = tree[leaf].mover;
                Self::backup(tree, path, values[k], player);
            }
        }
        let mut shares = vec![0.0f32; roots.len() * actions];
        let mut root_values = vec![0.0f32; roots.len()];
        let mut chosen = vec![0i64; roots.len()];
        for (t, tree) in trees.iter().enumerate() {
            let row = &mut shares[t * actions..(t + 1) * actions];
            let children = tree[0].children.clone();
            let total: u32 = children.clone().map(|c| tree[c].visits).sum();
            let (mut value, mut best, mut best_visits) = (0.0f32, 0usize, 0u32);
            for c in children.clone() {
                let child = &tree[c];
                row[child.action] = child.visits as f32 / total.max(1) as f32;
                value += child.value_sum;
                if child.visits > best_visits {
                    (best, best_visits) = (child.action, child.visits);
                }
            }
            root_values[t] = value / total.max(1) as f32;
            chosen[t] = if temperature <= 0.0 || total == 0 {
                best as i64
            } else {
                let weights: Vec<f64> = row
                    .iter()
                    .map(|&share| f64::from(share).powf(1.0 / f64::from(temperature)))
                    .collect();
                let sum: f64 = weights.iter().sum();
                let mut target = uniform(&mut self.rng) * sum;
                let mut pick = best;
                for (action, weight) in weights.iter().enumerate() {
                    if *weight > 0.0 {
                        pick = action;
                        if target < *weight {
                            break;
                        }
                        target -= weight;
                    }
                }
                pick as i64
            };
        }
        Ok((shares, root_values, chosen))
    }
}

struct MakeMcts {
    settings: Settings,
    seed: u64,
}

impl EnvironmentVisitor for MakeMcts {
    type Output = Box<dyn MctsCore>;
    fn visit<E: AgentEnvironment>(self, start: E) -> Box<dyn MctsCore> {
        Box::new(MctsOf {
            start,
            settings: self.settings,
            rng: fastrand::Rng::with_seed(self.seed),
        })
    }
}

/// What `search` returns: visit shares, root values, chosen actions.
type SearchOutput<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<i64>>,
);

/// AlphaZero-style batched Monte Carlo tree search (PUCT): one tree per
/// root position, searched together; every round of simulations calls
/// `evaluate(observations, masks)` once for all the trees' new leaves.
#[pyclass(module = "rulebook", name = "BatchMcts")]
pub struct BatchMcts {
    core: Box<dyn MctsCore>,
    game: String,
    settings: Settings,
}

#[pymethods]
impl BatchMcts {
    #[new]
    #[pyo3(
        signature = (game, *, simulations = None, c_puct = 1.5, dirichlet_alpha = 0.3, dirichlet_fraction = 0.25, seed = None, **params),
        text_signature = "(game, *, simulations=64, c_puct=1.5, dirichlet_alpha=0.3, dirichlet_fraction=0.25, seed=0, **params)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        simulations: Option<&Bound<'_, PyAny>>,
        c_puct: f32,
        dirichlet_alpha: f32,
        dirichlet_fraction: f32,
        seed: Option<&Bound<'_, PyAny>>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<BatchMcts> {
        let simulations =
            crate::arguments::optional_unsigned::<u32>(simulations, "simulations")?.unwrap_or(64);
        if simulations == 0 {
            // Without a simulation no root has a visited child to choose.
            return Err(PyValueError::new_err(
                "simulations must be at least 1, not 0",
            ));
        }
        let seed = crate::arguments::optional_unsigned::<u64>(seed, "seed")?.unwrap_or(0);
        if !(c_puct.is_finite() && c_puct >= 0.0) {
            return Err(PyValueError::new_err(format!(
                "c_puct must be a finite number from 0, not {c_puct}"
            )));
        }
        if !(dirichlet_alpha.is_finite() && dirichlet_alpha > 0.0) {
            return Err(PyValueError::new_err(format!(
                "dirichlet_alpha must be a finite number above 0, not {dirichlet_alpha}"
            )));
        }
        if !(0.0..=1.0).contains(&dirichlet_fraction) {
            return Err(PyValueError::new_err(format!(
                "dirichlet_fraction must be from 0 to 1, not {dirichlet_fraction}"
            )));
        }
        let settings = Settings {
            simulations,
            c_puct,
            dirichlet_alpha,
            dirichlet_fraction,
        };
        let core = visit_environment(game, params, MakeMcts { settings, seed })?;
        Ok(BatchMcts {
            core,
            game: game.to_owned(),
            settings,
        })
    }

    /// Searches every root of `roots` (positions between moves, all of
    /// this search's game; `rulebook.Game`s), calling
    /// `evaluate(observations, masks)` once per round (`simulations + 1`
    /// rounds: the roots first): observations float32 (leaves, planes,
    /// rows, columns) and masks bool (leaves, actions) as `VectorEnv` gives
    /// them; it returns `(priors, values)`, (leaves, actions) and
    /// (leaves,), each value for the player to act at that leaf, from -1
    /// to 1. With `leaf_games=True` it is called with a third argument,
    /// the leaves as `rulebook.Game`s. Returns `(policy, values,
    /// actions)`: each root's share of visits per action (roots, actions)
    /// float32, its value for the player to act (roots,), and an action
    /// drawn with visits^(1/temperature) (the most visited when
    /// `temperature` is 0).
    #[pyo3(signature = (roots, evaluate, *, temperature = 1.0, leaf_games = false))]
    fn search<'py>(
        &mut self,
        py: Python<'py>,
        roots: &Bound<'py, PyAny>,
        evaluate: &Bound<'py, PyAny>,
        temperature: f32,
        leaf_games: bool,
    ) -> PyResult<SearchOutput<'py>> {
        if !(temperature.is_finite() && temperature >= 0.0) {
            return Err(PyValueError::new_err(format!(
                "temperature must be a finite number from 0, not {temperature}"
            )));
        }
        if !evaluate.is_callable() {
            return Err(PyTypeError::new_err("evaluate must be callable"));
        }
        let games = roots
            .try_iter()
            .map_err(|_| PyTypeError::new_err("roots must be a sequence of rulebook.Game"))?
            .enumerate()
            .map(|(index, root)| {
                let root = root?;
                let game = root.cast::<PyGame>().map_err(|_| {
                    PyTypeError::new_err(format!("root {index} is not a rulebook.Game"))
                })?;
                let game = game.borrow().dyn_game().clone_box();
                Ok((game, Vec::new()))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let actions = self.core.action_count();
        let count = games.len();
        let (shares, values, chosen) =
            self.core
                .search(py, &games, evaluate, temperature, leaf_games)?;
        Ok((
            PyArray1::from_vec(py, shares).reshape([count, actions])?,
            PyArray1::from_vec(py, values),
            PyArray1::from_vec(py, chosen),
        ))
    }

    /// The number of actions of the game.
    #[getter]
    fn action_count(&self) -> usize {
        self.core.action_count()
    }

    /// Simulations per search (rounds after the roots' evaluation).
    #[getter]
    fn simulations(&self) -> u32 {
        self.settings.simulations
    }

    fn __repr__(&self) -> String {
        let s = self.settings;
        format!(
            "BatchMcts({:?}, simulations={}, c_puct={}, dirichlet_alpha={}, dirichlet_fraction={})",
            self.game, s.simulations, s.c_puct, s.dirichlet_alpha, s.dirichlet_fraction
        )
    }
}
