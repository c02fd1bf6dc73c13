//! The game's own judgement from GDScript: the `Callable`s [`crate::game_rules::GameRules`] calls
//! while the core resolves an action.
//!
//! A validator that says no refuses the action as an ordinary refusal of play. A hook that breaks
//! its contract — the wrong number of parameters, a validator returning something other than a
//! bool or a String, a provider returning anything but an Array of reaction Dictionaries — is a
//! bug in the game's script: it refuses the action too, and is written to the error log.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use godot::builtin::VariantType;
use godot::classes::Script;
use godot::prelude::*;
use horizons_edge_core::game::{GameView, Hooks, Reaction, ResolvedAction};
use horizons_edge_core::{Action, GameConfig, GameState, PlayerId};

use crate::convert;

/// The game as a hook sees it while its script runs: the rules' data and the state at that
/// moment (for a reaction provider, the state its trigger left). `GameRules`' queries read it
/// while the game itself is out of the node.
pub struct HookView {
    /// The rules' data.
    pub config: Arc<GameConfig>,
    /// The state.
    pub state: Box<GameState>,
}

impl HookView {
    /// As the core's read-only view.
    pub fn view(&self) -> GameView<'_> {
        GameView {
            config: &self.config,
            state: &self.state,
        }
    }
}

/// The view shared between `GameRules` (which reads it) and its [`ScriptHooks`] (which show it
/// while a hook runs); `None` outside hooks.
pub type SharedView = Rc<RefCell<Option<HookView>>>;

/// The validator and the reaction provider, as set on `GameRules`; an unset (null) `Callable`
/// accepts everything and adds no reactions, one that cannot be called (its object freed) is a
/// broken hook.
pub struct ScriptHooks {
    /// Called as `validator(player_id: int, action: Dictionary)`.
    pub validator: Callable,
    /// Called as `provider(resolved: Dictionary)`.
    pub reaction_provider: Callable,
    /// Where the state is shown to the hooks' scripts.
    pub view: SharedView,
    /// The game's rules' data.
    pub config: Arc<GameConfig>,
    /// A state kept from the last hook call, to copy the next view into without allocating.
    spare: Option<Box<GameState>>,
    /// How the first hook that broke its contract during this command broke it (already written
    /// to the error log): the refusal it caused is the script's misuse, not the game's rule.
    pub broken: Option<String>,
    /// The `GameRules` method whose command the hooks are asked about, for the error log.
    method: &'static str,
}

impl ScriptHooks {
    /// Hooks for a game with `config`, asked about a command of `method`, showing the game in
    /// `view` while they run.
    pub fn new(
        method: &'static str,
        validator: Callable,
        reaction_provider: Callable,
        view: SharedView,
        config: Arc<GameConfig>,
    ) -> Self {
        ScriptHooks {
            validator,
            reaction_provider,
            view,
            config,
            spare: None,
            broken: None,
            method,
        }
    }

    /// `message` about a hook that broke its contract, written to the error log (a bug in the
    /// game's script), noted as [`ScriptHooks::broken`] and returned as the reason the action is
    /// refused.
    fn broke(&mut self, message: String) -> String {
        godot_error!("{}: {message}", self.method);
        self.broken.get_or_insert_with(|| message.clone());
        message
    }

    /// Calls `callable` (the `role` hook) with `args` while `state` is shown in the view.
    fn call_showing(
        &mut self,
        state: &GameState,
        callable: &Callable,
        role: &str,
        args: &[Variant],
    ) -> Result<Variant, String> {
        let shown = match self.spare.take() {
            Some(mut spare) => {
                spare.copy_from(state);
                spare
            }
            None => Box::new(state.clone()),
        };
        *self.view.borrow_mut() = Some(HookView {
            config: Arc::clone(&self.config),
            state: shown,
        });
        let result = Self::call(callable, role, args).map_err(|message| self.broke(message));
        self.spare = self.view.borrow_mut().take().map(|view| view.state);
        result
    }

    /// Calls `callable` with `args`, first making sure it takes that many: no more than given
    /// (Godot aborts a call that is short of arguments; parameters with default values need
    /// none) and no fewer, unless it takes any number.
    fn call(callable: &Callable, role: &str, args: &[Variant]) -> Result<Variant, String> {
        if let Some(problem) = uncallable(callable) {
            return Err(format!("the {role} cannot be called: {problem}"));
        }
        let wanted = callable.get_argument_count();
        let given = args.len();
        // Too many arguments fail inside the engine with nothing logged and null returned.
        let too_many = wanted < given && !method_flag(callable, METHOD_FLAG_VARARG);
        if too_many || wanted > given && wanted - defaults_of(callable) > given {
            let custom = if callable.is_custom() && !too_many {
                " (the default values of a lambda or a bound Callable cannot be seen from \
                 outside it: give it a plain method)"
            } else {
                ""
            };
            return Err(format!(
                "the {role} takes {wanted} arguments; it is called with {given}{custom}"
            ));
        }
        Ok(callable.call(args))
    }
}

/// Why `callable`, which is not null, cannot be called (`None` when it can): its object was
/// freed, or has no such method (for a bound or custom Callable, one of the two).
pub fn uncallable(callable: &Callable) -> Option<String> {
    if callable.is_valid() {
        return None;
    }
    let object = callable.object();
    Some(match (object, callable.is_custom()) {
        (Some(object), false) => format!(
            "{} has no method \"{}\"",
            object.get_class(),
            callable
                .method_name()
                .map(|m| m.to_string())
                .unwrap_or_default()
        ),
        (None, false) => "its object was freed".to_owned(),
        // A bound Callable, or one made by Callable.create(): what it wraps is not seen.
        (_, true) => "the object or the method it wraps is gone or missing".to_owned(),
    })
}

/// `MethodFlags.METHOD_FLAG_VARARG`: a method that takes any number of arguments.
const METHOD_FLAG_VARARG: i64 = 16;

/// How many of the parameters of the method `callable` names have default values (see
/// [`method_info`]); 0 for a custom Callable.
fn defaults_of(callable: &Callable) -> usize {
    method_info(callable)
        .and_then(|info| info.get("default_args"))
        .and_then(|defaults| defaults.try_to::<VarArray>().ok())
        .map_or(0, |defaults| defaults.len())
}

/// Whether the method `callable` names has `flag` (see [`method_info`]); false for a custom
/// Callable.
fn method_flag(callable: &Callable, flag: i64) -> bool {
    method_info(callable)
        .and_then(|info| info.get("flags"))
        .and_then(|flags| flags.try_to::<i64>().ok())
        .is_some_and(|flags| flags & flag != 0)
}

/// The method `callable` names, as its object's method list gives it, or its script's (a static
/// method's Callable holds the script, whose own functions only its script method list shows);
/// `None` for a custom Callable (a lambda, a bound Callable), whose parameters no list shows (and
/// whose name is an error to ask for).
fn method_info(callable: &Callable) -> Option<VarDictionary> {
    if callable.is_custom() {
        return None;
    }
    let (Some(object), Some(method)) = (callable.object(), callable.method_name()) else {
        return None;
    };
    let method = GString::from(&method);
    let script = object.clone().try_cast::<Script>().ok().or_else(|| {
        object
            .get_script()
            .and_then(|script| script.try_cast::<Script>().ok())
    });
    let lists = std::iter::once(object.get_method_list())
        .chain(script.map(|script| script.get_script_method_list()));
    lists
        .flat_map(|list| list.iter_shared().collect::<Vec<_>>())
        .find(|info| {
            info.get("name")
                .is_some_and(|name| name.stringify() == method)
        })
}

impl Hooks for ScriptHooks {
    /// `true` or `""` accepts; `false` or a non-empty String (the reason) rejects; anything else
    /// (a missing `return`, a script error in an untyped function) rejects, naming what came
    /// back. A script error in a typed function returns its type's default, an answer like any.
    fn validate(
        &mut self,
        view: GameView<'_>,
        player: PlayerId,
        action: &Action,
    ) -> Result<(), String> {
        if self.validator.is_null() {
            return Ok(());
        }
        let validator = self.validator.clone();
        let verdict = self.call_showing(
            view.state,
            &validator,
            "action_validator",
            &[
                player.to_raw().to_variant(),
                convert::dictionary_of(action).to_variant(),
            ],
        )?;
        let is_bool = verdict.get_type() == VariantType::BOOL;
        match (
            is_bool.then(|| verdict.booleanize()),
            convert::text(&verdict),
        ) {
            (Some(true), _) => Ok(()),
            (Some(false), _) => Err("the action_validator returned false".to_owned()),
            (_, Some(reason)) if reason.is_empty() => Ok(()),
            (_, Some(reason)) => Err(reason),
            _ => Err(self.broke(format!(
                "the action_validator returned {:?}; it must return a bool or a String",
                verdict.get_type()
            ))),
        }
    }

    /// The provider returns an Array of Dictionaries `{player_id: int, kind: String,
    /// context: Variant (optional)}`; anything else refuses the activation.
    fn reactions(
        &mut self,
        view: GameView<'_>,
        resolved: &ResolvedAction,
    ) -> Result<Vec<Reaction>, String> {
        if self.reaction_provider.is_null() {
            return Ok(Vec::new());
        }
        let mut argument = VarDictionary::new();
        argument.set("id", resolved.id.0 as i64);
        argument.set("player_id", resolved.player.to_raw());
        argument.set(
            "action",
            &convert::dictionary_of(&resolved.action).to_variant(),
        );
        argument.set("depth", i64::from(resolved.depth));
        if let Some(card) = resolved.card {
            argument.set("card", i64::from(card.0));
        }
        argument.set("trial", resolved.trial);
        let provider = self.reaction_provider.clone();
        let returned = self.call_showing(
            view.state,
            &provider,
            "reaction_provider",
            &[argument.to_variant()],
        )?;
        let list = convert::to_json(&returned)
            .map_err(|reason| self.broke(format!("the reaction_provider's result: {reason}")))?;
        let serde_json::Value::Array(items) = list else {
            return Err(
                self.broke("the reaction_provider must return an Array of Dictionaries".to_owned())
            );
        };
        items
            .into_iter()
            .enumerate()
            .map(reaction)
            .collect::<Result<_, _>>()
            .map_err(|message| self.broke(message))
    }
}

/// One entry of the provider's Array.
fn reaction((index, item): (usize, serde_json::Value)) -> Result<Reaction, String> {
    let problem = |what: &str| format!("the reaction_provider's entry {index} {what}");
    let serde_json::Value::Object(mut fields) = item else {
        return Err(problem("is not a Dictionary"));
    };
    let player = fields
        .get("player_id")
        .and_then(serde_json::Value::as_i64)
        .ok_or_else(|| problem("has no int player_id"))
        .and_then(|raw| PlayerId::from_raw(raw).map_err(|e| problem(&e.to_string())))?;
    let kind = fields
        .get("kind")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| problem("has no String kind"))?
        .to_owned();
    // A misspelt key ("contxt") lost the context without a word, and the reaction was then
    // refused as a rule of play for a target it never had.
    if let Some(unknown) = fields
        .keys()
        .find(|key| !["player_id", "kind", "context"].contains(&key.as_str()))
    {
        return Err(problem(&format!(
            "has the key \"{unknown}\" (it takes player_id, kind and context)"
        )));
    }
    let context = fields.remove("context").unwrap_or(serde_json::Value::Null);
    Ok(Reaction {
        player,
        kind,
        context,
    })
}
