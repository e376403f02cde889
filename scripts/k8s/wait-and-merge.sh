#!/bin/bash
# Waits until the Indexed Job tourney-shards has ended (Complete or Failed: Kubernetes has no
# job dependencies), then starts the merge job and follows its log.
#
#   kubectl apply -f scripts/k8s/shards.yaml && scripts/k8s/wait-and-merge.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
while :; do
    state=$(kubectl get job tourney-shards -o jsonpath='{.status.conditions[?(@.status=="True")].type}')
    case "$state" in
        *Complete* | *Failed*) break ;;
    esac
    sleep 10
done
echo "tourney-shards: $state; starting the merge"
kubectl apply -f "$here/merge.yaml"
kubectl wait --for=condition=Ready pod -l job-name=tourney-merge --timeout=10m || true
kubectl logs -f job/tourney-merge
