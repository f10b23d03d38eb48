#!/usr/bin/env bash
# Installs what the Spark job and its test need: Java 17 or later (openjdk-17-jre-headless with apt where it is
# missing) and a Python virtual environment with PySpark (pip), beside it a wheelhouse (VENV/wheelhouse) with the
# package's build backend (setuptools), so that the test can pip-install Integrations/spark without a network.
# Safe to run repeatedly.
#
# Prints the environment's python on standard output. Exits 3, with the reason on standard error, when Java or
# PySpark cannot be installed here (no apt and no Java, no network for pip): callers skip with that message.
set -euo pipefail

venv="${LOCOMOTION_SPARK_VENV:-$HOME/.cache/locomotion/spark-venv}"
pyspark_requirement="${LOCOMOTION_PYSPARK:-pyspark>=3.5,<5}"

java_major() {
  command -v java >/dev/null 2>&1 || { echo 0; return; }
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1
}

if [ "$(java_major)" -lt 17 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing openjdk-17-jre-headless with apt-get…" >&2
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq openjdk-17-jre-headless >/dev/null; }; then
      echo "cannot install Java 17 with apt-get (openjdk-17-jre-headless)" >&2
      exit 3
    fi
  else
    echo "Java 17 or later is missing and there is no apt-get here: install a JDK/JRE 17+ by hand" >&2
    exit 3
  fi
  [ "$(java_major)" -ge 17 ] || { echo "java is still older than 17 after installing" >&2; exit 3; }
fi

python="${PYTHON:-python3}"
command -v "$python" >/dev/null 2>&1 || { echo "python3 is missing" >&2; exit 3; }
if ! "$venv/bin/python" -c 'import pyspark' >/dev/null 2>&1; then
  echo "Creating $venv with PySpark (pip)…" >&2
  mkdir -p "$(dirname "$venv")"
  if ! "$python" -m venv "$venv" >&2; then
    echo "cannot create a Python virtual environment (Debian: apt-get install python3-venv)" >&2
    exit 3
  fi
  if ! "$venv/bin/python" -m pip install -q "$pyspark_requirement" >&2; then
    echo "cannot install PySpark with pip ($pyspark_requirement)" >&2
    exit 3
  fi
fi
if ! ls "$venv"/wheelhouse/setuptools-*.whl >/dev/null 2>&1; then
  if ! "$venv/bin/python" -m pip download -q --only-binary=:all: -d "$venv/wheelhouse" "setuptools>=70.1" >&2; then
    echo "cannot download setuptools (the build backend of Integrations/spark) with pip" >&2
    exit 3
  fi
fi
echo "$venv/bin/python"
