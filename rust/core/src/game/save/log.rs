//! The log and the command history in a save. Version 2 writes the log in runs: the
//! consecutive events of one round, command and resolving action as one array, `[round, command,
//! cause, event, …]`, each event a row (see [`super::rows`]); the sequence numbers are the
//! positions. Commands are rows too. Version 1 wrote one object per [`EventRecord`] and command;
//! the loader reads both.

use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::events::{CommandRow, EventRow};
use super::rows::{Columns, Row};
use crate::game::command::Command;
use crate::game::event::EventRecord;
use crate::ids::ActionId;

/// The log as version 2 writes it.
pub(super) struct Runs<'a> {
    /// The log.
    pub log: &'a [EventRecord],
    /// The header the events' columns go to.
    pub columns: &'a Columns,
}

impl Serialize for Runs<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let same_run = |a: &EventRecord, b: &EventRecord| {
            (a.round, a.command, a.cause) == (b.round, b.command, b.cause)
        };
        serializer.collect_seq(self.log.chunk_by(same_run).map(|records| Run {
            records,
            columns: self.columns,
        }))
    }
}

/// One run: records of the same round, command and cause (never empty).
struct Run<'a> {
    records: &'a [EventRecord],
    columns: &'a Columns,
}

impl Serialize for Run<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(3 + self.records.len()))?;
        if let Some(first) = self.records.first() {
            seq.serialize_element(&first.round)?;
            seq.serialize_element(&first.command)?;
            seq.serialize_element(&first.cause)?;
        }
        for record in self.records {
            seq.serialize_element(&Row {
                value: &record.event,
                columns: self.columns,
            })?;
        }
        seq.end()
    }
}

/// The forms a list was written in.
#[derive(Default, Clone, Copy)]
pub(super) struct Forms {
    /// Whether it held version 1's objects.
    pub objects: bool,
    /// Whether it held version 2's arrays (runs or rows).
    pub arrays: bool,
}

/// A log as loaded.
#[derive(Default)]
pub(super) struct LoadedLog {
    /// The records, numbered from 1.
    pub records: Vec<EventRecord>,
    /// How they were written.
    pub forms: Forms,
}

impl<'de> Deserialize<'de> for LoadedLog {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(ListVisitor::<LoadedLog>::default())
    }
}

impl List for LoadedLog {
    const EXPECTING: &'static str = "a list of log records or runs";

    fn read_entry<'de, D: Deserializer<'de>>(&mut self, entry: D) -> Result<(), D::Error> {
        entry.deserialize_any(Entry(self))
    }
}

/// A list loaded entry by entry, each entry in either version's form: the log, the commands.
trait List: Default {
    /// What the list is, for an error.
    const EXPECTING: &'static str;

    /// Reads one entry into the list.
    fn read_entry<'de, D: Deserializer<'de>>(&mut self, entry: D) -> Result<(), D::Error>;
}

/// Reads a [`List`] from a sequence.
struct ListVisitor<T>(std::marker::PhantomData<T>);

impl<T> Default for ListVisitor<T> {
    fn default() -> Self {
        ListVisitor(std::marker::PhantomData)
    }
}

impl<'de, T: List> Visitor<'de> for ListVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(T::EXPECTING)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        let mut list = T::default();
        while seq.next_element_seed(ListEntry(&mut list))?.is_some() {}
        Ok(list)
    }
}

/// Reads the next entry of a [`List`] into it.
struct ListEntry<'a, T>(&'a mut T);

impl<'de, T: List> DeserializeSeed<'de> for ListEntry<'_, T> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        self.0.read_entry(deserializer)
    }
}

/// Reads one entry of the log into it: a record (an object) or a run (an array).
struct Entry<'a>(&'a mut LoadedLog);

impl<'de> Visitor<'de> for Entry<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a log record or a run [round, command, cause, event, …]")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let record = EventRecord::deserialize(de::value::MapAccessDeserializer::new(map))?;
        self.0.records.push(record);
        self.0.forms.objects = true;
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let round: u32 = required(&mut seq, "its round")?;
        let command: u64 = required(&mut seq, "its command")?;
        let cause: Option<ActionId> = required(&mut seq, "its cause")?;
        let log = self.0;
        let start = log.records.len();
        while let Some(EventRow(event)) = seq.next_element()? {
            log.records.push(EventRecord {
                seq: log.records.len() as u64 + 1,
                round,
                command,
                cause,
                event,
            });
        }
        if log.records.len() == start {
            return Err(de::Error::custom("a log run without events"));
        }
        log.forms.arrays = true;
        Ok(())
    }
}

/// The next element of a run, which must be there.
fn required<'de, T: Deserialize<'de>, A: SeqAccess<'de>>(
    seq: &mut A,
    what: &'static str,
) -> Result<T, A::Error> {
    seq.next_element()?
        .ok_or_else(|| de::Error::custom(format!("a log run without {what}")))
}

/// A command history as loaded.
#[derive(Default)]
pub(super) struct LoadedCommands {
    /// The commands.
    pub commands: Vec<Command>,
    /// How they were written.
    pub forms: Forms,
}

impl<'de> Deserialize<'de> for LoadedCommands {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(ListVisitor::<LoadedCommands>::default())
    }
}

impl List for LoadedCommands {
    const EXPECTING: &'static str = "a list of commands";

    fn read_entry<'de, D: Deserializer<'de>>(&mut self, entry: D) -> Result<(), D::Error> {
        entry.deserialize_any(CommandEntry(self))
    }
}

/// Reads one command into the history: an object or a row.
struct CommandEntry<'a>(&'a mut LoadedCommands);

impl<'de> Visitor<'de> for CommandEntry<'_> {
    type Value = ();

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a command, as an object or a row")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        let command = Command::deserialize(de::value::MapAccessDeserializer::new(map))?;
        self.0.commands.push(command);
        self.0.forms.objects = true;
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        let CommandRow(command) =
            CommandRow::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
        self.0.commands.push(command);
        self.0.forms.arrays = true;
        Ok(())
    }
}
