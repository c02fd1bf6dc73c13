/*
 * Copyright (c) godot-rust; Bromeon and contributors.
 * This Source Code Form is subject to the terms of the Mozilla Public
 * License, v. 2.0. If a copy of the MPL was not distributed with this
 * file, You can obtain one at https://mozilla.org/MPL/2.0/.
 */

mod basis;
mod projection;
mod transform2d;
mod transform3d;

pub use basis::*;
pub use projection::*;
pub use transform2d::*;
pub use transform3d::*;
