/*
 * Copyright (c) godot-rust; Bromeon and contributors.
 * This Source Code Form is subject to the terms of the Mozilla Public
 * License, v. 2.0. If a copy of the MPL was not distributed with this
 * file, You can obtain one at https://mozilla.org/MPL/2.0/.
 */

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use godot_ffi as sys;
use sys::GodotFfi;

use crate::builtin::{GString, StringName};
use crate::obj::{GodotClass, Singleton};
use crate::{classes, out};

mod reexport_pub {
    #[cfg(not(wasm_nothreads))] #[cfg_attr(published_docs, doc(cfg(not(wasm_nothreads))))]
    pub use super::sys::main_thread_id;
    pub use super::sys::{GdextBuild, InitStage, is_main_thread};
}
pub use reexport_pub::*;

// ----------------------------------------------------------------------------------------------------------------------------------------------
// Public functions

/// Returns whether the engine is running inside the Godot editor.
///
/// This is different from whether the Godot binary is an _editor_ build (as opposed to an export/release build).
pub fn is_editor_hint() -> bool {
    sys::is_editor()
}

/// Return whether a certain class API can be used in Godot.
///
/// This is only relevant when you operate before all stages have been initialized, or once deinitialization has started.
///
/// See also [`is_singleton_available()`] and [this section in `ExtensionLibrary`](../init/trait.ExtensionLibrary.html#availability-of-godot-apis-during-init-and-deinit).
pub fn is_class_available<T: GodotClass>() -> bool {
    // If called when bindings are not yet/anymore initialized (e.g. in a global destructor), returns false.
    CURRENT_INIT_LEVEL
        .load()
        .is_some_and(|level| T::INIT_LEVEL <= level)
}

/// Returns the init level currently loaded, or `None` if bindings are not (yet/anymore) at a known level.
pub(crate) fn current_init_level() -> Option<InitLevel> {
    CURRENT_INIT_LEVEL.load()
}

/// Counter bumped on each full deinitialization, used to invalidate caches that hold pointers from a previous init cycle.
///
/// A full deinit/reinit within the same library load would otherwise let a level-gated cache serve a stale pointer (same level, new
/// instance). Comparing the cached generation against this one structurally rejects that.
pub(crate) fn singleton_cache_generation() -> u64 {
    SINGLETON_CACHE_GENERATION.load(Ordering::Acquire)
}

/// Test-only: bump the singleton-cache generation, forcing every singleton cache to miss on its next access (re-fetch via the slow path).
///
/// Mirrors what a full Core deinit does, letting itests exercise the uncached path on demand without a real deinit/reinit cycle.
#[cfg(feature = "itest")] #[cfg_attr(published_docs, doc(cfg(feature = "itest")))]
#[doc(hidden)]
pub fn __invalidate_singleton_caches() {
    SINGLETON_CACHE_GENERATION.fetch_add(1, Ordering::Release);
}

/// Return whether a certain singleton can currently be retrieved from Godot.
///
/// This differs from [`is_class_available()`]: a singleton instance may become available later than its class API.
/// For example, some core singletons are available at `Core`, while most singletons only appear at `Scene` or later.
///
/// See also [this section in `ExtensionLibrary`](../init/trait.ExtensionLibrary.html#availability-of-godot-apis-during-init-and-deinit).
pub fn is_singleton_available<T: Singleton>() -> bool {
    if !is_class_available::<T>() {
        return false;
    }

    let class_name = T::class_id().to_string_name();

    // Use Engine::has_singleton() rather than global_get_singleton() directly.
    // The latter prints a Godot error "Failed to retrieve non-existent singleton 'X'" whenever the singleton is absent.
    // Engine is a Core-level class from Godot 4.4+, so it's available once bindings are initialized (guaranteed by is_class_available() above).
    #[cfg(since_api = "4.4")]
    {
        classes::Engine::singleton().has_singleton(&class_name)
    }

    // Fallback for <4.4: call C API; Engine singleton is not available in all levels.
    // Will emit an error if not found. We cannot disable through Engine::set_print_error_messages, if that class is not available itself.
    // Could possibly be achieved through GDScript...
    #[cfg(before_api = "4.4")]
    {
        let object_ptr =
            unsafe { sys::interface_fn!(global_get_singleton)(class_name.string_sys()) };

        !object_ptr.is_null()
    }
}

// ----------------------------------------------------------------------------------------------------------------------------------------------
// Implementation

use crate::signal::prune_stored_signal_connections;

static CURRENT_INIT_LEVEL: sys::AtomicEnum<Option<InitLevel>> = sys::AtomicEnum::default();

/// See [`singleton_cache_generation()`]. Bumped once per full deinit (lowest level unloaded).
static SINGLETON_CACHE_GENERATION: AtomicU64 = AtomicU64::new(0);

#[repr(C)]
struct InitUserData {
    library: sys::GDExtensionClassLibraryPtr,
    #[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
    main_loop_callbacks: sys::GDExtensionMainLoopCallbacks,
}

#[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
unsafe extern "C" fn startup_func<E: ExtensionLibrary>() {
    let ctx = || "ExtensionLibrary::on_stage_init(MainLoop)".to_string();

    swallow_panics(ctx, || {
        E::on_stage_init(InitStage::MainLoop);
    });

    // Now that editor UI is ready, display all warnings/error collected so far.
    sys::print_deferred_startup_messages();

    // If any of the errors were fatal, exit here.
    abort_if_startup_fatal();
}

#[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
unsafe extern "C" fn frame_func<E: ExtensionLibrary>() {
    let ctx = || "ExtensionLibrary::on_main_loop_frame()".to_string();

    swallow_panics(ctx, || {
        E::on_main_loop_frame();
    });
}

#[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
unsafe extern "C" fn shutdown_func<E: ExtensionLibrary>() {
    // The main loop (SceneTree) is being torn down. Mark the async runtime as exiting, so a signal future whose object is freed during teardown
    // is left suspended (and dropped in cleanup()) instead of being woken into a spurious panic. See `async_runtime::is_engine_exiting()`.
    crate::task::mark_engine_exiting();

    let ctx = || "ExtensionLibrary::on_stage_deinit(MainLoop)".to_string();

    swallow_panics(ctx, || {
        E::on_stage_deinit(InitStage::MainLoop);
    });
}

#[doc(hidden)]
pub unsafe fn __gdext_load_library<E: ExtensionLibrary>(
    get_proc_address: sys::GDExtensionInterfaceGetProcAddress,
    library: sys::GDExtensionClassLibraryPtr,
    init: *mut sys::GDExtensionInitialization,
) -> sys::GDExtensionBool {
    let init_code = || {
        // Make sure the first thing we do is check whether hot reloading should be enabled or not. This is to ensure that if we do anything to
        // cause TLS-destructors to run then we have a setting already for how to deal with them. Otherwise, this could cause the default
        // behavior to kick in and disable hot reloading.
        #[cfg(target_os = "linux")] #[cfg_attr(published_docs, doc(cfg(target_os = "linux")))]
        sys::linux_reload_workaround::default_set_hot_reload();

        let tool_only_in_editor = match E::editor_run_behavior() {
            EditorRunBehavior::ToolClassesOnly => true,
            EditorRunBehavior::AllClasses => false,
        };

        let config = sys::GdextConfig::new(tool_only_in_editor);

        // SAFETY: no custom code has run yet + no other thread is accessing global handle.
        unsafe {
            sys::initialize(get_proc_address, library, config);
        }

        crate::private::install_godot_rust_hook();

        // Currently no way to express failure; could be exposed to E if necessary.
        // No early exit, unclear if Godot still requires output parameters to be set.
        let success = true;
        // Leak the userdata. It will be dropped in core level deinitialization.
        let userdata = Box::into_raw(Box::new(InitUserData {
            library,
            #[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
            main_loop_callbacks: sys::GDExtensionMainLoopCallbacks {
                startup_func: Some(startup_func::<E>),
                frame_func: Some(frame_func::<E>),
                shutdown_func: Some(shutdown_func::<E>),
            },
        }));

        let godot_init_params = sys::GDExtensionInitialization {
            minimum_initialization_level: E::min_level().to_sys(),
            userdata: userdata.cast::<std::ffi::c_void>(),
            initialize: Some(ffi_initialize_layer::<E>),
            deinitialize: Some(ffi_deinitialize_layer::<E>),
        };

        // SAFETY: Godot is responsible for passing us a valid pointer.
        unsafe {
            *init = godot_init_params;
        }

        success as u8
    };

    // Use std::panic::catch_unwind instead of handle_panic: handle_panic uses TLS, which
    // calls `thread_atexit` on linux, which sets the hot reloading flag on linux.
    // Using std::panic::catch_unwind avoids this, although we lose out on context information
    // for debugging.
    let is_success = std::panic::catch_unwind(init_code);

    is_success.unwrap_or(0)
}

static LEVEL_SERVERS_CORE_LOADED: AtomicBool = AtomicBool::new(false);

unsafe extern "C" fn ffi_initialize_layer<E: ExtensionLibrary>(
    userdata: *mut std::ffi::c_void,
    init_level: sys::GDExtensionInitializationLevel,
) {
    unsafe {
        let userdata = userdata.cast::<InitUserData>().as_ref().unwrap();
        let level = InitLevel::from_sys(init_level);
        let ctx = || format!("ExtensionLibrary::on_stage_init({level:?})");

        fn try_load<E: ExtensionLibrary>(level: InitLevel, userdata: &InitUserData) {
            // Workaround for https://github.com/godot-rust/gdext/issues/629:
            // When using editor plugins, Godot may unload all levels but only reload from Scene upward.
            // Manually run initialization of lower levels.

            // TODO: Remove this workaround once after the upstream issue is resolved.
            if level == InitLevel::Scene {
                if !LEVEL_SERVERS_CORE_LOADED.load(Ordering::Relaxed) {
                    try_load::<E>(InitLevel::Core, userdata);
                    try_load::<E>(InitLevel::Servers, userdata);
                }
            } else if level == InitLevel::Core {
                // When it's normal initialization, the `Servers` level is normally initialized.
                LEVEL_SERVERS_CORE_LOADED.store(true, Ordering::Relaxed);
            }

            // SAFETY: Godot will call this from the main thread, after `__gdext_load_library` where the library is initialized,
            // and only once per level.
            unsafe { gdext_on_level_init(level, userdata) };
            E::on_stage_init(level.to_stage());
        }

        // TODO consider crashing if gdext init fails.
        swallow_panics(ctx, || {
            try_load::<E>(level, userdata);
        });
    }
}

unsafe extern "C" fn ffi_deinitialize_layer<E: ExtensionLibrary>(
    userdata: *mut std::ffi::c_void,
    init_level: sys::GDExtensionInitializationLevel,
) {
    unsafe {
        let level = InitLevel::from_sys(init_level);
        let ctx = || format!("ExtensionLibrary::on_stage_deinit({level:?})");

        swallow_panics(ctx, || {
            if level == InitLevel::Core {
                // Once the CORE api is unloaded, reset the flag to initial state.
                LEVEL_SERVERS_CORE_LOADED.store(false, Ordering::Relaxed);

                // Drop the userdata.
                drop(Box::from_raw(userdata.cast::<InitUserData>()));
            }

            E::on_stage_deinit(level.to_stage());
            gdext_on_level_deinit(level);
        });
    }
}

/// Tasks needed to be done by gdext internally upon loading an initialization level. Called before user code.
///
/// # Safety
///
/// - Must be called from the main thread.
/// - The interface must have been initialized.
/// - Must only be called once per level.
unsafe fn gdext_on_level_init(level: InitLevel, _userdata: &InitUserData) {
    // TODO: in theory, a user could start a thread in one of the early levels, and run concurrent code that messes with the global state
    // (e.g. class registration). This would break the assumption that the load_class_method_table() calls are exclusive.
    // We could maybe protect globals with a mutex until initialization is complete, and then move it to a directly-accessible, read-only static.

    // Godot might change the main-thread between init levels Core and Servers. We have to know the correct main-thread ID before doing
    // anything else. Currently Android is the only platform known to do this.
    // See https://github.com/godot-rust/gdext/issues/1423#issuecomment-4340496087 and https://github.com/godot-rust/gdext/issues/1250.
    if level == InitLevel::Servers {
        // SAFETY: called from the main thread, sys::initialized has already been called.
        unsafe { sys::discover_main_thread() };
    }

    // SAFETY: we are in the main thread, initialize has been called, has never been called with this level before.
    unsafe { sys::load_class_method_table(level) };

    match level {
        InitLevel::Core => {
            #[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
            unsafe {
                sys::interface_fn!(register_main_loop_callbacks)(
                    _userdata.library,
                    &raw const _userdata.main_loop_callbacks,
                )
            };

            // Engine/OS classes are available at Core level on Godot 4.4+, so cache the editor states here.
            #[cfg(since_api = "4.4")]
            {
                sys::set_editor_hint(classes::Engine::singleton().is_editor_hint());
                sys::set_editor_binary(classes::Os::singleton().has_feature("editor"));
            }
        }
        InitLevel::Servers => {}
        InitLevel::Scene => {
            // On Godot < 4.4, the Engine/OS method tables are not available before Scene level, so populate here.
            #[cfg(before_api = "4.4")]
            {
                sys::set_editor_hint(crate::classes::Engine::singleton().is_editor_hint());
                sys::set_editor_binary(crate::classes::Os::singleton().has_feature("editor"));
            }

            // SAFETY: On the main thread, api initialized, `Scene` was initialized above.
            unsafe { ensure_godot_features_compatible() };

            #[cfg(all(since_api = "4.3", feature = "register-docs"))] #[cfg_attr(published_docs, doc(cfg(all(since_api = "4.3", feature = "register-docs"))))]
            warn_docs_in_exported_build();
        }
        InitLevel::Editor => {
            #[cfg(all(since_api = "4.3", feature = "register-docs"))]
            // SAFETY: Godot binding is initialized, and this is called from the main thread.
            unsafe {
                crate::docs::register();
            }
        }
    }

    crate::registry::class::auto_register_classes(level);
    CURRENT_INIT_LEVEL.store(Some(level));
}

/// Aborts the process if a fatal startup error was collected (depending on runtime target).
///
/// Behavior:
/// - An _interactive_ editor is not aborted, so the developer can read the errors and hot-reload a fix.
/// - A _headless_ editor (CI, `--export-release`, `--import`) has no one to read them and aborts like a game run.
/// - A _game_ runs `SceneTree::quit()` (frames may still run with the broken class set, possibly causing follow-up errors)
/// - A game without a `SceneTree` (e.g. a custom `MainLoop`) calls `process::exit()`.
#[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
fn abort_if_startup_fatal() {
    if !sys::take_startup_fatal() {
        return;
    }

    // Interactive editor: keep running, the developer can read the errors and hot-reload a fix.
    if is_editor_hint() && !is_headless() {
        return;
    }

    // Exit code within Godot's recommended 0..=125 range for `SceneTree::quit()`.
    let exit_code = 111;
    if let Some(main_loop) = classes::Engine::singleton().get_main_loop()
        && let Ok(mut scene_tree) = main_loop.try_cast::<classes::SceneTree>()
    {
        scene_tree.quit_ex().exit_code(exit_code).done();
    } else {
        std::process::exit(exit_code);
    }
}

/// Whether Godot runs without a visual display -- `--headless`, `--display-driver headless`, or an export/import run, which force it.
#[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
fn is_headless() -> bool {
    // Absent singleton or a failing call -> headless. Dynamic call for minimal codegen.
    if let Some(mut display_server) = classes::Engine::singleton().get_singleton("DisplayServer")
        && let Ok(name) = display_server.try_call("get_name", &[])
        && let Ok(name) = name.try_to::<GString>()
    {
        name == "headless"
    } else {
        true
    }
}

/// Tasks needed to be done by gdext internally upon unloading an initialization level. Called after user code.
fn gdext_on_level_deinit(level: InitLevel) {
    if level == InitLevel::Editor {
        prune_stored_signal_connections();
    }

    crate::registry::class::unregister_classes(level);
    CURRENT_INIT_LEVEL.store(previous_init_level(level));

    if level == InitLevel::Core {
        // If lowest level is unloaded, call global deinitialization.
        // No business logic by itself, but ensures consistency if re-initialization (hot-reload on Linux) occurs.

        // Invalidate cached singleton pointers: a later reinit would reuse the same init level but fresh instances.
        SINGLETON_CACHE_GENERATION.fetch_add(1, Ordering::Release);

        crate::task::cleanup();
        crate::tools::cleanup();

        // Garbage-collect various statics.
        // SAFETY: this is the last time meta APIs are used.
        unsafe {
            crate::meta::cleanup();
        }

        // SAFETY: called after all other logic, so no concurrent access.
        // TODO: multithreading must make sure other threads are joined/stopped here.
        unsafe {
            sys::deinitialize();
        }
    }
}

const fn previous_init_level(level: InitLevel) -> Option<InitLevel> {
    match level {
        InitLevel::Core => None,
        InitLevel::Servers => Some(InitLevel::Core),
        InitLevel::Scene => Some(InitLevel::Servers),
        InitLevel::Editor => Some(InitLevel::Scene),
    }
}

/// Catches panics without propagating them further. Prints error messages.
fn swallow_panics<E, F>(error_context: E, code: F)
where
    E: Fn() -> String,
    F: FnOnce() + std::panic::UnwindSafe,
{
    let _ = crate::private::handle_panic(error_context, code);
}

// ----------------------------------------------------------------------------------------------------------------------------------------------

/// Defines the entry point for a GDExtension Rust library.
///
/// Every library should have exactly one implementation of this trait. It is always used in combination with the
/// [`#[gdextension]`][gdextension] proc-macro attribute.
///
/// # Example
/// The simplest usage is as follows. This will automatically perform the necessary init and cleanup routines, and register
/// all classes marked with `#[derive(GodotClass)]`, without needing to mention them in a central list. The order in which
/// classes are registered is not specified.
///
/// ```
/// use godot::init::*;
///
/// struct MyExtension;
///
/// #[gdextension]
/// unsafe impl ExtensionLibrary for MyExtension {}
/// ```
///
/// # Custom entry symbol
/// There is usually no reason to, but you can use a different entry point (C function in the dynamic library). This must match the key
/// that you specify in the `.gdextension` file. Let's say your `.gdextension` file has such a section:
/// ```toml
/// [configuration]
/// entry_symbol = "custom_name"
/// ```
/// then you can implement the trait like this:
/// ```no_run
/// # use godot::init::*;
/// struct MyExtension;
///
/// #[gdextension(entry_symbol = custom_name)]
/// unsafe impl ExtensionLibrary for MyExtension {}
/// ```
/// Note that this only changes the name. You cannot provide your own function -- use the [`on_stage_init()`][ExtensionLibrary::on_stage_init]
/// hook for custom startup logic.
///
/// # Availability of Godot APIs during init and deinit
// Init order: see also special_cases.rs > classify_codegen_level().
/// Godot loads functionality gradually during its startup routines, and unloads it during shutdown. As a result, Godot classes are only
/// available above a certain level. Trying to access a class API when it's not available will panic (if not, please report it as a bug).
///
/// A few singletons (`Engine`, `Os`, `Time`, `ProjectSettings`) are available from the `Core` level onward and can be used inside
/// this method. Most other singletons are **not available during init** at all, and will only become accessible once the first frame has
/// run.
///
/// The exact time a class is available depends on the Godot initialization logic, which is quite complex and may change between versions.
/// To get an up-to-date view, inspect the Godot source code of [main.cpp], particularly `Main::setup()`, `Main::setup2()` and
/// `Main::cleanup()` methods. Make sure to look at the correct version of the file.
///
/// You can use the functions [`init::is_class_available()`][is_class_available] and [`init::is_singleton_available()`][is_singleton_available]
/// to check at runtime.
///
/// [main.cpp]: https://github.com/godotengine/godot/blob/master/main/main.cpp
///
/// # Safety
/// The library cannot enforce any safety guarantees outside Rust code, which means that **you as a user** are
/// responsible to uphold them: namely in GDScript code or other GDExtension bindings loaded by the engine.
/// Violating this may cause undefined behavior, even when invoking _safe_ functions.
///
/// If you use the `disengaged` [safeguard level], you accept that UB becomes possible even **in safe Rust APIs**, if you use them wrong
/// (e.g. accessing a destroyed object).
///
/// # Using other GDExtension libraries as dependencies
///
/// When using any other GDExtension library as a dependency, the implementor of the user-forwarding `ExtensionLibrary` must be specified
/// via the `GDRUST_MAIN_EXTENSION` environment variable. That _main_ crate will be responsible
/// for loading all classes, as well as managing the `ExtensionLibrary` callbacks.
///
/// For example, you have a workspace with a crate `my-extension`, that uses libraries `lib-a` and `lib-b` as dependencies.
/// If the `impl ExtensionLibrary` is called `MyExtension`, then you can build all crates in the workspace with:
///
/// ```bash
/// GDRUST_MAIN_EXTENSION="MyExtension" cargo build
/// ```
///
/// ```ignore
/// // lib.rs of my-extension crate.
/// // Usage of other dependencies must be explicitly declared; otherwise, they won't be registered.
/// extern crate lib_a;
/// extern crate lib_b;
///
/// struct MyExtension;
///
/// #[gdextension]
/// unsafe impl ExtensionLibrary for MyExtension {}
/// ```
///
/// The name of the `ExtensionLibrary` implementor must be unique and different from those used by its dependencies.
///
/// Given dependencies must be compilable as `rlib`. That is, they either specify `rlib` as a possible crate-type in their `Cargo.toml`:
///
/// ```ignore
/// # my_dependency/Cargo.toml
///
/// [lib]
/// crate-type = ["cdylib", "rlib"]
/// ```
///
/// Or do not specify `[lib]` at all (and are compiled with `cargo rustc --features ... --crate-type cdylib` instead).
///
/// Note that it is the user's responsibility to ensure that the same classes are not loaded twice –
/// which might be a result of loading another extension in the project which already defines said classes.
/// Do not use this feature to bundle dependencies to end-users unless it is necessary to do so.
///
/// [gdextension]: attr.gdextension.html
/// [safety]: https://godot-rust.github.io/book/gdext/advanced/safety.html
/// [safeguard level]: ../index.html#safeguard-levels
// FIXME intra-doc link
#[doc(alias = "entry_symbol", alias = "entry_point")]
pub unsafe trait ExtensionLibrary {
    /// Determines if and how an extension's code is run in the editor.
    fn editor_run_behavior() -> EditorRunBehavior {
        EditorRunBehavior::ToolClassesOnly
    }

    /// Determines the initialization level at which the extension is loaded (`Scene` by default).
    ///
    /// If the level is lower than [`InitLevel::Scene`], the engine needs to be restarted to take effect.
    fn min_level() -> InitLevel {
        InitLevel::Scene
    }

    /// Custom logic when a certain initialization stage is loaded.
    ///
    /// This will be invoked for stages >= [`Self::min_level()`], in ascending order. Use `if` or `match` to hook to specific stages.
    ///
    /// The stages are loaded in order: `Core` → `Servers` → `Scene` → `Editor` (if in editor) → `MainLoop` (4.5+).  \
    /// The `MainLoop` stage represents the fully initialized state of Godot, after all initialization levels and classes have been loaded.
    ///
    /// See also [`on_main_loop_frame()`][Self::on_main_loop_frame] for per-frame processing.
    ///
    /// # Panics
    /// If the overridden method panics, an error will be printed, but GDExtension loading is **not** aborted.
    #[allow(unused_variables)]
    fn on_stage_init(stage: InitStage) {}

    /// Custom logic when a certain initialization stage is unloaded.
    ///
    /// This will be invoked for stages >= [`Self::min_level()`], in descending order. Use `if` or `match` to hook to specific stages.
    ///
    /// The stages are unloaded in reverse order: `MainLoop` (4.5+) → `Editor` (if in editor) → `Scene` → `Servers` → `Core`.  \
    /// At the time `MainLoop` is deinitialized, all classes are still available.
    ///
    /// # Panics
    /// If the overridden method panics, an error will be printed, but GDExtension unloading is **not** aborted.
    #[allow(unused_variables)]
    fn on_stage_deinit(stage: InitStage) {}

    /// Callback invoked for every process frame.
    ///
    /// This is called during the main loop, after Godot is fully initialized. It runs after all
    /// [`process()`][crate::classes::INode::process] methods on Node, and before the Godot-internal `ScriptServer::frame()`.
    /// This is intended to be the equivalent of [`IScriptLanguageExtension::frame()`][`crate::classes::IScriptLanguageExtension::frame()`]
    /// for GDExtension language bindings that don't use the script API.
    ///
    /// # Example
    /// To hook into startup/shutdown of the main loop, use [`on_stage_init()`][Self::on_stage_init] and
    /// [`on_stage_deinit()`][Self::on_stage_deinit] and watch for [`InitStage::MainLoop`].
    ///
    /// ```no_run
    /// # use godot::init::*;
    /// # struct MyExtension;
    /// #[gdextension]
    /// unsafe impl ExtensionLibrary for MyExtension {
    ///     fn on_stage_init(stage: InitStage) {
    ///         if stage == InitStage::MainLoop {
    ///             // Startup code after fully initialized.
    ///         }
    ///     }
    ///
    ///     fn on_main_loop_frame() {
    ///         // Per-frame logic.
    ///     }
    ///
    ///     fn on_stage_deinit(stage: InitStage) {
    ///         if stage == InitStage::MainLoop {
    ///             // Cleanup code before shutdown.
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// # Panics
    /// If the overridden method panics, an error will be printed, but execution continues.
    #[cfg(since_api = "4.5")] #[cfg_attr(published_docs, doc(cfg(since_api = "4.5")))]
    fn on_main_loop_frame() {}
}

/// Determines if and how an extension's code is run in the editor.
///
/// By default, Godot 4 runs all virtual lifecycle callbacks (`_ready`, `_process`, `_physics_process`, ...)
/// for extensions. This behavior is different from Godot 3, where extension classes needed to be explicitly
/// marked as "tool".
///
/// In many cases, users write extension code with the intention to run in games, not inside the editor.
/// This is why the default behavior in gdext deviates from Godot: lifecycle callbacks are disabled inside the
/// editor (see [`ToolClassesOnly`][Self::ToolClassesOnly]). It is possible to configure this.
///
/// See also [`ExtensionLibrary::editor_run_behavior()`].
#[derive(Copy, Clone, Debug)]
#[non_exhaustive]
pub enum EditorRunBehavior {
    /// Only runs `#[class(tool)]` classes in the editor.
    ///
    /// All classes are registered, and calls from GDScript to Rust are possible. However, virtual lifecycle callbacks
    /// (`_ready`, `_process`, `_physics_process`, ...) are not run unless the class is annotated with `#[class(tool)]`.
    ToolClassesOnly,

    /// Runs the extension with full functionality in editor.
    ///
    /// Ignores any `#[class(tool)]` annotations.
    AllClasses,
}

// ----------------------------------------------------------------------------------------------------------------------------------------------

pub use sys::InitLevel;

// ----------------------------------------------------------------------------------------------------------------------------------------------

/// # Safety
///
/// - Must be called from the main thread.
/// - The interface must be initialized.
/// - The `Scene` api level must have been initialized.
unsafe fn ensure_godot_features_compatible() {
    // The reason why we don't simply call Os::has_feature() here is that we might move the high-level engine classes out of godot-core
    // later, and godot-core would only depend on godot-sys. This makes future migrations easier. We still have access to builtins though.

    out!("Check Godot precision setting...");

    #[cfg(feature = "debug-log")] // Display safeguards level in debug log.
    let safeguards_level = if cfg!(safeguards_strict) {
        "strict"
    } else if cfg!(safeguards_balanced) {
        "balanced"
    } else {
        "disengaged"
    };
    out!("Safeguards: {safeguards_level}");

    let os_class = StringName::from("OS");
    let single = GString::from("single");
    let double = GString::from("double");

    let gdext_is_double = cfg!(feature = "double-precision");

    // SAFETY: main thread, after initialize(), valid string pointers, `Scene` initialized.
    let godot_is_double = unsafe {
        let is_single = sys::godot_has_feature(os_class.string_sys(), single.sys());
        let is_double = sys::godot_has_feature(os_class.string_sys(), double.sys());

        assert_ne!(
            is_single, is_double,
            "Godot has invalid configuration: single={is_single}, double={is_double}"
        );

        is_double
    };

    let s = |is_double: bool| -> &'static str { if is_double { "double" } else { "single" } };

    out!(
        "Is double precision: Godot={}, gdext={}",
        s(godot_is_double),
        s(gdext_is_double)
    );

    if godot_is_double != gdext_is_double {
        panic!(
            "Godot runs with {} precision, but gdext was compiled with {} precision.\n\
            Cargo feature `double-precision` must be used if and only if Godot is compiled with `precision=double`.\n",
            s(godot_is_double),
            s(gdext_is_double),
        );
    }
}

/// Warn once if the `register-docs` feature is compiled into an exported build (export template, not editor).
#[cfg(all(since_api = "4.3", feature = "register-docs"))] #[cfg_attr(published_docs, doc(cfg(all(since_api = "4.3", feature = "register-docs"))))]
fn warn_docs_in_exported_build() {
    // `is_editor_binary()` is populated by the Core level, so it is safe to read here. Unlike `is_editor()`, it stays true
    // during play-mode from the editor, so the warning fires only for actual export templates.
    if sys::is_editor_binary() {
        return;
    }

    sys::defer_startup_warn!(
        once;
        id: "RegisterDocsInExport",
        "Feature `register-docs` is enabled in an exported (non-editor) build.\n\
        Doing so embeds plaintext documentation of your Rust #[class], #[func] etc. into the binary.\n\
        This has no runtime benefit, but can bloat binary size and make reverse-engineering easier.\n\
        Consider disabling `register-docs` for exported builds."
    );
}
