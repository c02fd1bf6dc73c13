//! Asking the engine whether anything listens to a signal, at the cost of the engine's own
//! lookup: the rules ask before building a signal's payload, for every event.

use std::sync::OnceLock;

use godot::prelude::*;
use godot::sys;

/// The hash the engine API gives `Object.has_connections(signal: StringName) -> bool`.
const HAS_CONNECTIONS_HASH: i64 = 2_619_796_661;

/// Whether `signal` of the object `base` belongs to has handlers: the engine's
/// `Object.has_connections`, called straight through its method bind, without what a call
/// through `Gd` adds (a new `Gd` for the base, the liveness check, an engine lookup of the object
/// by id) — two thirds of each answer's cost, and the rules ask two or three times a command.
/// `true` (queue on, emit to nobody) if the engine lacks the method.
///
/// Only for the base of an instance one of whose methods is running: that keeps the object
/// alive (a caller's reference keeps a `RefCounted` alive, and a `GameRules` cancels any
/// `free()` while its own code runs).
pub fn has_connections<T: GodotClass>(base: &Base<T>, signal: &StringName) -> bool {
    // A method bind lives as long as the engine; kept as an address, which is `Sync`.
    static BIND: OnceLock<usize> = OnceLock::new();
    let bind = *BIND.get_or_init(|| {
        let class = StringName::from("Object");
        let method = StringName::from("has_connections");
        // SAFETY: the interface is loaded while any class of this library exists; both names
        // are live StringNames.
        let bind = unsafe {
            sys::interface_fn!(classdb_get_method_bind)(
                class.string_sys(),
                method.string_sys(),
                HAS_CONNECTIONS_HASH,
            )
        };
        bind as usize
    });
    if bind == 0 {
        return true;
    }
    let mut heard: sys::GDExtensionBool = 0;
    let args = [signal.string_sys() as sys::GDExtensionConstTypePtr];
    // SAFETY: `bind` is `Object.has_connections`, taking one StringName and returning a bool,
    // as the pointers passed are; `base`'s object is alive (see above).
    unsafe {
        sys::interface_fn!(object_method_bind_ptrcall)(
            bind as sys::GDExtensionMethodBindPtr,
            base.obj_sys(),
            args.as_ptr(),
            (&raw mut heard).cast(),
        );
    }
    heard != 0
}
