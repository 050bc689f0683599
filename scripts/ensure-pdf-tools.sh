#!/usr/bin/env bash
# Install Debian's poppler-utils (pdfinfo, pdftotext, pdftoppm): the PDF tests check the
# reports with real tools. Idempotent; needs root (or sudo) only when missing.
set -euo pipefail

if command -v pdfinfo >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-pdf-tools: need root (or sudo) to apt-get install poppler-utils" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends poppler-utils
command -v pdftotext >/dev/null || { echo "ensure-pdf-tools: pdftotext still missing" >&2; exit 1; }
