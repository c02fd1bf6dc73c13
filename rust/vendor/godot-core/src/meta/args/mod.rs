/*
 * Copyright (c) godot-rust; Bromeon and contributors.
 * This Source Code Form is subject to the terms of the Mozilla Public
 * License, v. 2.0. If a copy of the MPL was not distributed with this
 * file, You can obtain one at https://mozilla.org/MPL/2.0/.
 */

mod as_arg;
mod cow_arg;
mod object_arg;
mod ref_arg;

// ----------------------------------------------------------------------------------------------------------------------------------------------
// Public APIs

// ----------------------------------------------------------------------------------------------------------------------------------------------
// Internal APIs

// Solely public for itest/convert_test.rs.
pub(crate) use as_arg::NullArg;
pub use as_arg::{
    ArgPassing, AsArg, AsDirectElement, ByObject, ByOption, ByRef, ByValue, ByVariant, ToArg,
    owned_into_arg, ref_to_arg,
};
#[cfg(not(feature = "itest"))] #[cfg_attr(published_docs, doc(cfg(not(feature = "itest"))))]
pub(crate) use cow_arg::{CowArg, FfiArg};
#[cfg(feature = "itest")] #[cfg_attr(published_docs, doc(cfg(feature = "itest")))]
#[doc(hidden)]
pub use cow_arg::{CowArg, FfiArg};
pub use object_arg::ObjectArg;
pub(crate) use ref_arg::RefArg;
