//! The deployment manifests (`deploy/agones/*.yaml`): each document parses as YAML and has what
//! Kubernetes and Agones require of its kind: a Fleet its game server ports, health settings and
//! containers (each with an image, each volume mount naming a volume of the pod); a claim its
//! access modes and size; an autoscaler or allocation a Fleet of these files. A step of
//! `cargo xtask test` (no cluster, no network).

use std::path::Path;

use serde_norway::Value;

use crate::{Result, paths};

/// `apiVersion` of each kind the manifests may hold.
const KINDS: [(&str, &str); 4] = [
    ("Fleet", "agones.dev/v1"),
    ("FleetAutoscaler", "autoscaling.agones.dev/v1"),
    ("GameServerAllocation", "allocation.agones.dev/v1"),
    ("PersistentVolumeClaim", "v1"),
];

/// Checks every manifest under `deploy/agones`; returns how many documents were checked.
pub fn check() -> Result<usize> {
    let folder = paths::root().join("deploy").join("agones");
    let entries = std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut documents = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("{}: {e}", folder.display()))?
            .path();
        if path.extension().is_some_and(|ext| ext == "yaml") {
            documents.extend(parse(&path)?);
        }
    }
    let fleets: Vec<&str> = documents
        .iter()
        .filter(|doc| get(doc, "kind").as_str() == Some("Fleet"))
        .filter_map(|doc| get(doc, "metadata.name").as_str())
        .collect();
    let failures: Vec<String> = documents
        .iter()
        .flat_map(|doc| problems(doc, &fleets))
        .collect();
    match failures.is_empty() {
        true => Ok(documents.len()),
        false => Err(failures.join("\n  ")),
    }
}

/// Every YAML document of the file at `path`.
fn parse(path: &Path) -> Result<Vec<Value>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_norway::Deserializer::from_str(&text)
        .map(|document| {
            serde::Deserialize::deserialize(document)
                .map_err(|e| format!("{}: not YAML: {e}", path.display()))
        })
        .collect()
}

/// The value at a dotted path (`spec.template.spec`), or null.
fn get<'a>(value: &'a Value, path: &str) -> &'a Value {
    const NULL: &Value = &Value::Null;
    path.split('.')
        .try_fold(value, |value, key| value.get(key))
        .unwrap_or(NULL)
}

/// What `doc` lacks; `fleets` are the Fleets' names, which other kinds must refer to.
fn problems(doc: &Value, fleets: &[&str]) -> Vec<String> {
    let name = get(doc, "metadata.name")
        .as_str()
        .or_else(|| get(doc, "metadata.generateName").as_str())
        .unwrap_or("(no name)");
    let kind = get(doc, "kind").as_str().unwrap_or("(no kind)");
    let mut missing = Vec::new();
    let mut need = |ok: bool, what: &str| {
        if !ok {
            missing.push(format!("{kind} {name}: {what}"));
        }
    };
    let Some((_, api)) = KINDS.iter().find(|(known, _)| *known == kind) else {
        need(false, "a kind of these manifests");
        return missing;
    };
    need(
        get(doc, "apiVersion").as_str() == Some(api),
        &format!("apiVersion {api}"),
    );
    need(name != "(no name)", "metadata.name");
    let names_a_fleet = |path: &str| get(doc, path).as_str().is_some_and(|f| fleets.contains(&f));
    match kind {
        "Fleet" => fleet_problems(doc, &mut need),
        "FleetAutoscaler" => {
            need(
                names_a_fleet("spec.fleetName"),
                "spec.fleetName naming a Fleet",
            );
            need(get(doc, "spec.policy.type").is_string(), "spec.policy.type");
        }
        "GameServerAllocation" => {
            let selectors = get(doc, "spec.selectors").as_sequence();
            let fleet = selectors.and_then(|s| s.first()).map(|selector| {
                get(selector, "matchLabels")
                    .get("agones.dev/fleet")
                    .and_then(Value::as_str)
                    .is_some_and(|f| fleets.contains(&f))
            });
            need(fleet == Some(true), "spec.selectors[0] matching a Fleet");
        }
        _ => {
            need(
                get(doc, "spec.accessModes").is_sequence(),
                "spec.accessModes",
            );
            need(
                get(doc, "spec.resources.requests.storage").is_string(),
                "spec.resources.requests.storage",
            );
        }
    }
    missing
}

/// What a Fleet needs: replicas, game server ports (name, container port, protocol), health,
/// and a pod with containers, each with a name and an image, its volume mounts naming volumes.
fn fleet_problems(doc: &Value, need: &mut impl FnMut(bool, &str)) {
    let server = get(doc, "spec.template.spec");
    need(get(doc, "spec.replicas").is_u64(), "spec.replicas");
    let ports = get(server, "ports")
        .as_sequence()
        .cloned()
        .unwrap_or_default();
    need(!ports.is_empty(), "spec.template.spec.ports");
    for port in &ports {
        need(get(port, "name").is_string(), "a name for each port");
        need(
            get(port, "containerPort").is_u64(),
            "a containerPort for each port",
        );
        need(
            get(port, "protocol").as_str() == Some("UDP"),
            "protocol UDP (ENet) for each port",
        );
    }
    need(
        get(server, "health").is_mapping(),
        "spec.template.spec.health",
    );
    need(
        get(server, "health.periodSeconds").is_u64(),
        "health.periodSeconds",
    );
    let pod = get(server, "template.spec");
    let containers = get(pod, "containers")
        .as_sequence()
        .cloned()
        .unwrap_or_default();
    need(
        !containers.is_empty(),
        "spec.template.spec.template.spec.containers",
    );
    let volumes: Vec<&str> = get(pod, "volumes")
        .as_sequence()
        .into_iter()
        .flatten()
        .filter_map(|volume| get(volume, "name").as_str())
        .collect();
    for container in &containers {
        need(
            get(container, "name").is_string(),
            "a name for each container",
        );
        need(
            get(container, "image").is_string(),
            "an image for each container",
        );
        let mounts = get(container, "volumeMounts")
            .as_sequence()
            .cloned()
            .unwrap_or_default();
        for mount in &mounts {
            let named = get(mount, "name")
                .as_str()
                .is_some_and(|n| volumes.contains(&n));
            need(named, "each volume mount naming a volume of the pod");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{check, get, problems};

    #[test]
    fn the_manifests_have_what_agones_requires() {
        assert_eq!(check().map(|count| count >= 4), Ok(true));
    }

    #[test]
    fn a_fleet_without_ports_or_images_is_refused() {
        let fleet: serde_norway::Value = serde_norway::from_str(
            "apiVersion: agones.dev/v1\nkind: Fleet\nmetadata: {name: f}\n\
             spec: {replicas: 1, template: {spec: {health: {periodSeconds: 5},\n\
             template: {spec: {containers: [{name: c, volumeMounts: [{name: v}]}]}}}}}\n",
        )
        .unwrap_or_default();
        assert_eq!(get(&fleet, "spec.replicas").as_u64(), Some(1));
        let found = problems(&fleet, &["f"]).join("\n");
        assert!(found.contains("spec.template.spec.ports"));
        assert!(found.contains("an image for each container"));
        assert!(found.contains("each volume mount naming a volume"));
    }

    #[test]
    fn an_autoscaler_of_an_unknown_fleet_is_refused() {
        let scaler: serde_norway::Value = serde_norway::from_str(
            "apiVersion: autoscaling.agones.dev/v1\nkind: FleetAutoscaler\nmetadata: {name: a}\n\
             spec: {fleetName: other, policy: {type: Buffer}}\n",
        )
        .unwrap_or_default();
        assert_eq!(problems(&scaler, &["f"]).len(), 1);
    }
}
