//! The engine behind `rulebook.Engine`: a library [`Engine`] living on a
//! thread of its own, so that a long search can be interrupted.
//!
//! Only Python's main thread can see a signal (Ctrl-C), so the search
//! cannot run there: each `best_move` hands its position to the engine's
//! thread and waits with the GIL released, looking at signals every
//! [`POLL`]. A signal raises the engine's [`StopSignal`]; alpha-beta and
//! Monte Carlo searches then answer within milliseconds. A searcher that
//! cannot stop early (the Connect Four perfect player) is abandoned after
//! [`GRACE`]: it finishes on its own and the next call starts a new engine.

use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rulebook::catalog::Described;
use rulebook::search::{Limits, StopSignal};

use crate::games::{move_info, MoveInfo};

/// How often a waiting call looks at signals.
const POLL: Duration = Duration::from_millis(20);

/// How long an interrupted call waits for the engine to stop before
/// leaving it behind.
const GRACE: Duration = Duration::from_millis(500);

/// A call's limits on top of the level's own: the sooner of both counts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ExtraLimits {
    /// The most positions to search.
    pub(crate) nodes: Option<u64>,
    /// The longest time to think.
    pub(crate) time: Option<Duration>,
}

/// One search the engine's thread runs.
struct Request<G> {
    position: G,
    extra: ExtraLimits,
}

/// The running engine thread: where to send positions, where its answers
/// come.
struct Worker<G> {
    requests: Sender<Request<G>>,
    answers: Receiver<Option<MoveInfo>>,
    stop: StopSignal,
}

/// An engine of game `G` at one level, on its own thread.
pub(crate) struct EngineThread<G: Described> {
    start: G,
    level: u32,
    limits: Option<Limits>,
    /// None after an interrupted search was left behind.
    worker: Option<Worker<G>>,
}

/// The sooner of two optional limits.
fn sooner<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl<G: Described> Worker<G> {
    /// Starts the thread of the engine of `start`'s game at `level`,
    /// searching within `limits` instead of the level's when given.
    ///
    /// # Errors
    ///
    /// ValueError for a level the game does not have; RuntimeError when no
    /// thread can be started.
    fn spawn(start: &G, level: u32, limits: Option<Limits>) -> PyResult<Worker<G>> {
        let (requests, incoming) = channel::<Request<G>>();
        let (reply, answers) = channel();
        let (ready, made) = channel::<Result<(), String>>();
        let stop = StopSignal::new();
        let watched = stop.clone();
        let start = start.clone();
        std::thread::Builder::new()
            .name("rulebook-engine".into())
            .spawn(move || {
                let mut engine = match start.engine(level) {
                    Ok(engine) => engine.with_stop_signal(watched),
                    Err(error) => {
                        let _ = ready.send(Err(error.to_string()));
                        return;
                    }
                };
                let _ = ready.send(Ok(()));
                let level_limits = limits.unwrap_or_else(|| engine.limits());
                // Ends when the `EngineThread` drops its sender.
                for Request { position, extra } in incoming {
                    engine.set_limits(Limits {
                        nodes: sooner(level_limits.nodes, extra.nodes),
                        time: sooner(level_limits.time, extra.time),
                        ..level_limits
                    });
                    let thought = engine.think(position.clone());
                    let answer = thought.best_move.map(|mv| move_info(&position, mv));
                    if reply.send(answer).is_err() {
                        return;
                    }
                }
            })
            .map_err(|error| {
                PyRuntimeError::new_err(format!("cannot start the engine's thread: {error}"))
            })?;
        match made.recv() {
            Ok(Ok(())) => Ok(Worker {
                requests,
                answers,
                stop,
            }),
            Ok(Err(message)) => Err(PyValueError::new_err(message)),
            Err(_) => Err(PyRuntimeError::new_err("the engine's thread failed")),
        }
    }
}

impl<G: Described> EngineThread<G> {
    /// The engine of `start`'s game at `level` (searching within
    /// `limits` instead of the level's when given), its thread started.
    ///
    /// # Errors
    ///
    /// ValueError for a level the game does not have.
    pub(crate) fn new(start: &G, level: u32, limits: Option<Limits>) -> PyResult<EngineThread<G>> {
        Ok(EngineThread {
            start: start.clone(),
            level,
            limits,
            worker: Some(Worker::spawn(start, level, limits)?),
        })
    }

    /// [`EngineThread::best_move`] as the game's own move (the legal move
    /// of `position` the answer describes), for callers that play it.
    pub(crate) fn best_game_move(
        &mut self,
        py: Python<'_>,
        position: &G,
        extra: ExtraLimits,
    ) -> PyResult<Option<G::Move>> {
        let Some(answer) = self.best_move(py, position, extra)? else {
            return Ok(None);
        };
        position
            .legal_moves()
            .into_iter()
            .find(|&mv| move_info(position, mv) == answer)
            .map(Some)
            .ok_or_else(|| PyRuntimeError::new_err("the engine answered a move that is not legal"))
    }

    /// The engine's move in `position` within the level's limits and
    /// `extra`, None once the game is over; KeyboardInterrupt (or what a
    /// signal handler raised) when a signal came first.
    pub(crate) fn best_move(
        &mut self,
        py: Python<'_>,
        position: &G,
        extra: ExtraLimits,
    ) -> PyResult<Option<MoveInfo>> {
        let worker = match &mut self.worker {
            Some(worker) => worker,
            empty => empty.insert(Worker::spawn(&self.start, self.level, self.limits)?),
        };
        worker.stop.reset();
        let gone = || PyRuntimeError::new_err("the engine's thread stopped");
        worker
            .requests
            .send(Request {
                position: position.clone(),
                extra,
            })
            .map_err(|_| gone())?;
        let (answers, stop) = (&mut worker.answers, &worker.stop);
        let (answer, interrupted) = py.detach(move || {
            let mut interrupted: Option<(PyErr, Instant)> = None;
            loop {
                match answers.recv_timeout(POLL) {
                    Ok(answer) => return (Some(answer), interrupted),
                    Err(RecvTimeoutError::Disconnected) => return (None, interrupted),
                    Err(RecvTimeoutError::Timeout) => {}
                }
                match &interrupted {
                    Some((_, since)) if since.elapsed() >= GRACE => return (None, interrupted),
                    Some(_) => {}
                    None => {
                        if let Err(error) = Python::attach(|py| py.check_signals()) {
                            stop.stop();
                            interrupted = Some((error, Instant::now()));
                        }
                    }
                }
            }
        });
        match (answer, interrupted) {
            (answer, Some((error, _))) => {
                if answer.is_none() {
                    // Still thinking (or gone): leave it; the next call
                    // starts a new engine.
                    self.worker = None;
                }
                Err(error)
            }
            (Some(answer), None) => Ok(answer),
            (None, None) => {
                self.worker = None;
                Err(gone())
            }
        }
    }
}
