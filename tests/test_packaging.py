"""The built wheel alone makes a working judge: it is built from a copy of the sources,
installed into a fresh virtual environment that sees the already installed dependencies
but not this checkout, and plays the demo and renders a report from an empty folder. The
sdist is the whole project (MANIFEST.in): built from a copy too, it holds every file of the
checkout but caches, and unpacked it runs its own tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds and installs the wheel

ROOT = Path(__file__).resolve().parent.parent
# what the build reads; a copy, so that building writes nothing (build/, *.egg-info) here
SOURCES = ["pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "pbem", "templates", "orders"]
# the sdist's too: the project as a checkout has it, its tests and docs included
PROJECT = [*SOURCES, "Makefile", "tests", "deploy", "docs", ".ci"]
LEFT_BEHIND = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
# tests an unpacked sdist runs: its rule cases, golden games, the host's helpers, the layering
SDIST_TESTS = ["tests/test_cases.py", "tests/test_golden.py", "tests/app/test_report_files.py",
               "tests/test_architecture.py"]


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    build_log: str  # what the build backend printed (pip -v)

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def pbem(self) -> Path:
        return self.venv / "bin" / "pbem"


def run(*command: str | Path, cwd: Path | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}"
    return done


def clean_environment(**settings: str) -> dict[str, str]:
    """This environment without the judge's settings or a Python path that could reach the
    checkout."""
    kept = {name: value for name, value in os.environ.items()
            if not name.startswith(("PBEM_", "PYTHON", "VIRTUAL_ENV"))}
    return kept | {"PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"} | settings


def copy_sources(names: list[str], source: Path) -> Path:
    """The checkout's files and folders `names` copied into `source`, without caches."""
    source.mkdir()
    for name in names:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=LEFT_BEHIND)
        elif path.exists():
            shutil.copy2(path, source / name)
    return source


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    place = tmp_path_factory.mktemp("packaging")
    source = copy_sources(SOURCES, place / "source")
    env = clean_environment()
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", place / "wheels", source,
                env=env)
    (wheel,) = (place / "wheels").glob("pbem_galleys-*.whl")

    venv = place / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, env=env)
    run(sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--quiet",
        "--no-deps", "--no-index", wheel, env=env)
    # The dependencies come from this test's environment: a .pth line adds its site-packages
    # to the path without running that folder's own .pth files, so the editable finder that
    # points at this checkout is never installed.
    fresh = run(venv / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                env=env).stdout.strip()
    dependencies = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (Path(fresh) / "dependencies.pth").write_text("".join(f"{path}\n" for path in sorted(dependencies)))
    return Installed(wheel, venv, built.stdout + built.stderr)


def _files(folder: Path) -> list[Path]:
    """What a folder holds for the judge to run: not its README (developers' notes) or caches."""
    return [path for path in folder.rglob("*") if path.is_file() and path.name != "README.md"
            and "__pycache__" not in path.parts and path.suffix != ".pyc"]


def test_the_wheel_carries_every_module_template_and_data_file(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        carried = set(wheel.namelist())
    package = {path.relative_to(ROOT).as_posix() for path in _files(ROOT / "pbem")}
    shipped = {f"pbem/{path.relative_to(ROOT).as_posix()}"
               for folder in ("templates", "orders/demo") for path in _files(ROOT / folder)}
    shipped |= {f"pbem/orders/demo_greeks_romans/{path.name}"  # orders/demo-greeks-romans
                for path in _files(ROOT / "orders" / "demo-greeks-romans")}
    shipped |= {f"pbem/orders/demo_ram_cruise/{path.name}"  # orders/demo-ram-cruise
                for path in _files(ROOT / "orders" / "demo-ram-cruise")}
    shipped |= {f"pbem/orders/demo_speed_band/{path.name}"  # orders/demo-speed-band
                for path in _files(ROOT / "orders" / "demo-speed-band")}
    missing = sorted((package | shipped) - carried)
    assert not missing, ("the wheel leaves these out (a new package belongs in pyproject.toml's "
                         "[tool.setuptools] packages, a new data file in its package-data):\n"
                         + "\n".join(missing))
    assert "pbem/templates/report.html.j2" in carried and "pbem/orders/demo/game.toml" in carried
    assert "pbem/rules/ramspeed/data/scenarios/squadron.toml" in carried


def test_the_build_is_quiet_and_the_wheel_declares_its_licence(installed: Installed) -> None:
    # No setuptools deprecation (a licence table, data folders that are no packages) in the build.
    for warning in ("BuildBackendWarning", "SetuptoolsDeprecationWarning", "Package would be ignored",
                    "is absent from the `packages` configuration"):
        assert warning not in installed.build_log, warning
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = wheel.namelist()
        (metadata,) = [name for name in names if name.endswith(".dist-info/METADATA")]
        text = wheel.read(metadata).decode()
        licences = [name for name in names if "/licenses/" in name]
    assert "License-Expression: MIT" in text
    assert [name.rsplit("/", 1)[1] for name in licences] == ["LICENSE"]


def test_the_fresh_environment_imports_the_installed_judge_not_this_checkout(
        installed: Installed, tmp_path: Path) -> None:
    probe = ("import sys, pbem, pbem.resources as r, pbem.render.jinja as j; "
             "print(pbem.__file__); print(r.templates()); print(j.templates_dir()); "
             "print(r.demo_orders()); print(*sys.path, sep='\\n')")
    printed = run(installed.python, "-c", probe, cwd=tmp_path, env=clean_environment()).stdout.split("\n")
    site = installed.venv.resolve()
    for path in printed[:4]:
        assert Path(path).resolve().is_relative_to(site), f"{path} is not inside {site}"
    assert not any(line and Path(line).resolve().is_relative_to(ROOT.resolve())
                   and not Path(line).resolve().is_relative_to(ROOT / ".venv")
                   for line in printed[4:]), f"the checkout is on the path:\n{printed[4:]}"


def test_the_installed_judge_plays_the_demo_from_an_empty_folder(
        installed: Installed, tmp_path: Path) -> None:
    env = clean_environment(PBEM_DATA=str(tmp_path / "data"))
    played = run(installed.pbem, "demo", cwd=tmp_path, env=env)
    assert "Winner: blue." in played.stdout
    reports = tmp_path / "data" / "demo-reports" / "demo"
    assert any(reports.glob("*.png")) and (reports / "index.html").is_file()
    assert any(path.name != "index.html" for path in reports.glob("*.html"))

    report = run(installed.pbem, "game", "report", "demo", "--recipient", "Aristides",
                 cwd=tmp_path, env=env)
    assert "For Aristides, commanding blue." in report.stdout
    other = run(installed.pbem, "demo", "--ruleset", "greeks-romans", cwd=tmp_path, env=env)
    assert "Game demo-gr:" in other.stdout and "Winner: romans." in other.stdout


@dataclass(frozen=True)
class Sdist:
    archive: Path
    build_log: str  # what setuptools printed building it

    @property
    def names(self) -> set[str]:
        """The files it holds, each by its path in the project (the top folder taken off)."""
        with tarfile.open(self.archive) as tar:
            return {member.name.split("/", 1)[1] for member in tar.getmembers()
                    if member.isfile() and "/" in member.name}


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Sdist:
    """The sdist built by setuptools' own build hook from a copy of the project, with the
    build requirements pyproject.toml names installed apart (as a build frontend would)."""
    place = tmp_path_factory.mktemp("sdist")
    source = copy_sources(PROJECT, place / "source")
    env = clean_environment()
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    run(sys.executable, "-m", "pip", "install", "--quiet", "--target", place / "backend", *requires,
        env=env)
    hook = "from setuptools import build_meta; print(build_meta.build_sdist(r'%s'))" % (place / "dist")
    built = run(sys.executable, "-c", hook, cwd=source, env=env | {"PYTHONPATH": str(place / "backend")})
    (archive,) = (place / "dist").glob("pbem_galleys-*.tar.gz")
    return Sdist(archive, built.stdout + built.stderr)


def _project_files() -> set[str]:
    """Every file of the checkout the sdist must hold: the project's, not caches, the
    virtual environment, build output or the demo's data."""
    found = {name for name in PROJECT if (ROOT / name).is_file()}
    for name in PROJECT:
        if (ROOT / name).is_dir():
            found |= {path.relative_to(ROOT).as_posix() for path in (ROOT / name).rglob("*")
                      if path.is_file() and "__pycache__" not in path.parts
                      and path.suffix != ".pyc"}
    return found


def test_the_sdist_holds_the_project_its_tests_and_docs(sdist: Sdist) -> None:
    carried = sdist.names
    missing = sorted(_project_files() - carried)
    assert not missing, ("the sdist leaves these out (MANIFEST.in takes files of pbem/ and "
                         "tests/ by their kinds: add the new kind there):\n" + "\n".join(missing))
    for needed in ("Makefile", "README.md", "LICENSE", "orders/README.md", "deploy/README.md",
                   "deploy/pbem-serve.service", ".ci/run", "tests/conftest.py",
                   "tests/app/helpers.py", "tests/helpers/__init__.py",
                   "tests/cases/7.4_double_speed_damage_example.toml", "templates/report.html.j2",
                   "pbem/rules/ramspeed/data/scenarios/squadron.toml"):
        assert needed in carried, needed
    assert any(name.startswith("tests/games/") for name in carried)
    junk = sorted(name for name in carried if "__pycache__" in name or name.endswith(".pyc")
                  or name.startswith(("data/", "build/", ".venv/")) or name.endswith(".sqlite"))
    assert not junk, junk


def test_the_sdist_build_is_quiet(sdist: Sdist) -> None:
    # no setuptools deprecation, and no MANIFEST.in line that matches nothing
    assert "warning" not in sdist.build_log.lower(), sdist.build_log


def test_an_unpacked_sdist_runs_its_own_tests(sdist: Sdist, tmp_path: Path) -> None:
    with tarfile.open(sdist.archive) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    (top,) = (tmp_path / "unpacked").iterdir()
    env = clean_environment()
    probe = run(sys.executable, "-c", "import pbem, tests; print(pbem.__file__); print(tests.__file__)",
                cwd=top, env=env).stdout.split()
    assert all(Path(path).resolve().is_relative_to(top.resolve()) for path in probe), probe
    tested = run(sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=",
                 "-q", "--basetemp", tmp_path / "inner", *SDIST_TESTS, cwd=top, env=env)
    summary = tested.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary
