"""The built wheel alone makes a working judge: it is built from a copy of the sources,
installed into a fresh virtual environment that sees the already installed dependencies
but not this checkout, and plays the demo and renders a report from an empty folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds and installs the wheel

ROOT = Path(__file__).resolve().parent.parent
# what the build reads; a copy, so that building writes nothing (build/, *.egg-info) here
SOURCES = ["pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "pbem", "templates", "orders"]
LEFT_BEHIND = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")


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


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    place = tmp_path_factory.mktemp("packaging")
    source = place / "source"
    source.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=LEFT_BEHIND)
        elif path.exists():
            shutil.copy2(path, source / name)
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
