//! Where a `GameRules` node stood when its own script's `free()` was refused.
//!
//! Cancelling the free keeps the object, but Godot's `Node` still cleans up after it as if it
//! were going: it takes the node out of its parent, clears the owners that pointed at it or
//! through it, and deletes its children. [`Placement::keep`] takes the children out first, so
//! that they are not deleted, and [`Placement::restore`] puts the node, its children and the
//! owners back at the end of the frame.

use godot::classes::Node;
use godot::prelude::*;

/// The node's parent, its index there, its owner, its children and the owners of everything
/// below it, as they were before Godot's clean-up.
pub(super) struct Placement {
    parent: Option<Gd<Node>>,
    index: i32,
    owner: Option<Gd<Node>>,
    children: Vec<Gd<Node>>,
    owners: Vec<(Gd<Node>, Gd<Node>)>,
}

impl Placement {
    /// Notes where `node` stands and takes its children out of it, so that Godot's clean-up of
    /// a cancelled free does not delete them.
    pub(super) fn keep(node: &mut Gd<Node>) -> Self {
        let children: Vec<Gd<Node>> = node.get_children().iter_shared().collect();
        let mut owners = Vec::new();
        let mut below = children.clone();
        while let Some(descendant) = below.pop() {
            if let Some(owner) = descendant.get_owner() {
                owners.push((descendant.clone(), owner));
            }
            below.extend(descendant.get_children().iter_shared());
        }
        for child in &children {
            node.remove_child(child);
        }
        Placement {
            parent: node.get_parent(),
            index: node.get_index(),
            owner: node.get_owner(),
            children,
            owners,
        }
    }

    /// Puts `node` back where it stood, with its children and the owners of its tree; if its
    /// parent has been freed meanwhile, the node goes too (as it would have with its parent),
    /// and if the script has put it somewhere else meanwhile, it stays there.
    pub(super) fn restore(self, mut node: Gd<Node>) {
        for child in self.children.iter().filter(|c| c.is_instance_valid()) {
            if child.get_parent().is_none() {
                node.add_child(child);
            }
        }
        match self.parent {
            _ if node.get_parent().is_some() => {}
            Some(parent) if !parent.is_instance_valid() => {
                node.queue_free();
                return;
            }
            Some(mut parent) => {
                parent.add_child(&node);
                let last = parent.get_child_count() - 1;
                parent.move_child(&node, self.index.min(last));
            }
            _ => {}
        }
        let owned = self.owner.into_iter().map(|owner| (node.clone(), owner));
        for (mut owned, owner) in owned.chain(self.owners) {
            let alive = owned.is_instance_valid() && owner.is_instance_valid();
            if alive && owned.get_owner().is_none() && owner.is_ancestor_of(&owned) {
                owned.set_owner(&owner);
            }
        }
    }

    /// Frees the children it took out, when the node itself was freed before they could go
    /// back: they go with it, as they would have.
    pub(super) fn release(self) {
        for mut child in self.children {
            if child.is_instance_valid() && child.get_parent().is_none() {
                child.queue_free();
            }
        }
    }
}
