"""The open-table geometry core shared by every open-table ruleset (shared/rules/open-table-core.md).

Pure functions over frozen data, one module per concern, each citing its G-item:

- `params` (G1): each ruleset's unit, table, ε, c, heading grain, footprint shape and turn rule;
- `vectors` (G2): points, headings, ahead and starboard, local coordinates, rotation;
- `footprint` (G3): footprints (rectangle, stretched octagon), poses, world polygons, bow point;
- `contact` (G4): overlap, touch and apart by the separating-axis test;
- `distance` (G5): footprint to footprint, point to footprint;
- `limits` (G6): measured lengths against limits with ε;
- `headings` (G7): the angle between headings, the aspect angle;
- `bands` (G8): bow, waist and stern bands along the keel;
- `zones` (G8): SB's zones A–D about a ship;
- `parts` (G8): WW's parts of a ship's boundary and the contact part at an impact;
- `sections` (G9, G5): keel sections (deck and oar), section polygons and distances, facing;
- `travel` (G7): the direction of travel (ahead, backing, stopped);
- `reach` (G13): the reach distance t_r(r) of a straight step (SB grapples);
- `abreast` (G14): the abreast point of a forward step and the pass within r (RC shears);
- `sweep` (G10): the sliding sweep of a straight step to its first contact;
- `edge` (G11): the table edge;
- `impact` (G12): the impact set and impact point;
- `step` (G15, G16, G21): a straight step's first events, the pass after a clash, the choice
  among contacts at one moment, a forward step's passes, contacts and edge as ordered events,
  and any straight step's reach events (SB), contacts and edge as ordered events;
- `pivot` (G17): rotations and the single-step pivot;
- `rotation` (G17): WW's sub-stepped rotation about a point, its blocker and impact point;
- `bearings` (G18): bearings, relative bearings (signed turns), home and rout headings;
- `relative` (G18): relative bearings of points, TOWARD and AWAY turns, approaching;
- `aim` (G18, G17): SB's aim step, a rounded and capped turn towards a target made as a pivot;
- `arcs` (G19): RC's broadside sides and WW's wedge of relative bearings;
- `sight` (G20): sight lines clipped by hulls, what blocks them, smoke plumes;
- `report` (G21): rounding positions for reports;
- `mapkit`: the table-map kit (grid, scale bar, ships with bow and pattern, trails, strike
  and block marks, shot arrows, range rings), over the scene primitives of pbem.rules.scene;
- `maplayout`: label placement, the legend and a table map's whole scene.

The names below are the public surface of the geometry; import them from here (the two map
modules are imported by name: `from pbem.rules.table import mapkit`).
"""

from pbem.rules.table.abreast import (
    PASS_ASPECT,
    Pass,
    abreast_distance,
    abreast_point,
    in_abreast_order,
    pass_within,
    passes_within,
)
from pbem.rules.table.aim import AimStep, aim_step, aim_turn, round_half_away
from pbem.rules.table.arcs import BroadsideSides, Wedge, broadside_sides, partly_within
from pbem.rules.table.bands import KeelBand, keel_band
from pbem.rules.table.bearings import DeadAstern, bearing, home_heading, relative_bearing, rout_heading
from pbem.rules.table.contact import Relation, apart, depth, overlaps, projection, relation, touches
from pbem.rules.table.distance import (
    distance_at_most,
    footprint_distance,
    point_distance,
    point_segment_distance,
)
from pbem.rules.table.edge import NearestEdge, Side, edge_distance, nearest_edge, on_table, passes_edge
from pbem.rules.table.footprint import (
    Footprint,
    Polygon,
    Pose,
    area_polygon,
    bow_point,
    place,
    rectangle,
    stretched_octagon,
)
from pbem.rules.table.headings import aspect_angle, heading_difference, opposed, same_way
from pbem.rules.table.impact import impact_point, impact_set
from pbem.rules.table.limits import (
    at_least,
    beyond,
    closer_than,
    lengths_equal,
    shorter,
    tenths_beyond_eighths_by_one,
    tenths_within_eighths,
    within,
)
from pbem.rules.table.params import (
    ALL_PARAMETERS,
    GREEKS_ROMANS,
    RAM_CRUISE,
    SPEED_BAND,
    WOODEN_WALLS,
    CoreParameters,
    FootprintShape,
    Table,
    TurnRule,
)
from pbem.rules.table.parts import (
    ContactParts,
    Part,
    PartKind,
    ShipSide,
    boundary_part,
    contact_part,
    contact_parts,
    corner_parts,
    edge_index,
    edge_parts,
    nearest_boundary_point,
)
from pbem.rules.table.pivot import PivotCheck, check_pivot, pivot, rotate_about
from pbem.rules.table.reach import reach_distance
from pbem.rules.table.relative import (
    APPROACH_CONE,
    approaching,
    away_turn,
    relative_bearing_to,
    round_down_in_magnitude,
    toward_turn,
)
from pbem.rules.table.report import report_length, report_point
from pbem.rules.table.rotation import RotationOutcome, stop_impact_point, sub_stepped_rotation, substep_count
from pbem.rules.table.sections import (
    KeelSection,
    clip_section,
    deck_reference_points,
    deck_sections,
    faces,
    keel_projection,
    oar_sections,
    overlap_length,
    section_distance,
    section_holding,
    section_polygon,
)
from pbem.rules.table.sight import blockers, blocks, clipped_segment, inside_length, smoke_plume
from pbem.rules.table.step import (
    Contact,
    EdgeReached,
    Reach,
    ReachStepEvent,
    ReachStepEvents,
    StepEvent,
    StepEvents,
    StepOutcome,
    forward_step_events,
    nearest_to_bow,
    pass_after_contact,
    reach_step_events,
    straight_step,
)
from pbem.rules.table.sweep import contact_distance
from pbem.rules.table.travel import Motion, direction_of_travel
from pbem.rules.table.vectors import (
    Vec,
    ahead,
    normalize_heading,
    rotate,
    sin_cos,
    starboard,
    to_local,
    to_world,
    turned,
)
from pbem.rules.table.zones import Zone, point_zone, zone

__all__ = [
    "ALL_PARAMETERS", "GREEKS_ROMANS", "PASS_ASPECT", "RAM_CRUISE", "SPEED_BAND", "WOODEN_WALLS",
    "BroadsideSides", "Contact", "CoreParameters", "DeadAstern", "EdgeReached", "Footprint",
    "FootprintShape", "KeelBand", "NearestEdge", "Pass", "PivotCheck", "Polygon", "Pose",
    "Relation", "Side", "StepEvent", "StepEvents", "StepOutcome", "Table", "TurnRule", "Vec",
    "Wedge", "abreast_distance", "apart", "abreast_point", "ahead", "area_polygon", "aspect_angle",
    "at_least", "bearing", "beyond", "bow_point", "broadside_sides", "check_pivot", "closer_than",
    "contact_distance", "depth", "distance_at_most", "edge_distance", "footprint_distance",
    "forward_step_events",
    "heading_difference", "home_heading", "impact_point", "impact_set", "in_abreast_order",
    "keel_band", "lengths_equal", "nearest_edge", "nearest_to_bow", "normalize_heading", "on_table",
    "opposed", "overlaps", "partly_within", "pass_after_contact", "pass_within", "passes_edge",
    "passes_within", "pivot", "place", "point_distance", "point_segment_distance", "projection",
    "rectangle", "relation", "relative_bearing", "report_length", "report_point", "rotate",
    "rotate_about", "rout_heading", "same_way", "shorter", "sin_cos", "starboard", "straight_step",
    "stretched_octagon", "tenths_beyond_eighths_by_one", "tenths_within_eighths", "to_local",
    "to_world", "touches", "turned", "within",
    # SB's additions: zones A–D (G8), the reach distance and reach events (G13, G15), the aim step (G18).
    "AimStep", "Reach", "ReachStepEvent", "ReachStepEvents", "Zone", "aim_step", "aim_turn",
    "point_zone", "reach_distance", "reach_step_events", "round_half_away", "zone",
    # WW's additions: parts and the contact part (G8), keel and oar sections, facing and section
    # distance (G9, G5), direction of travel (G7), the sub-stepped rotation (G17), relative
    # bearings of points, TOWARD/AWAY and approaching (G18), sight lines and smoke (G20).
    "APPROACH_CONE", "ContactParts", "KeelSection", "Motion", "Part", "PartKind",
    "RotationOutcome", "ShipSide", "approaching", "away_turn", "blockers", "blocks",
    "boundary_part", "clip_section", "clipped_segment", "contact_part", "contact_parts",
    "corner_parts", "deck_reference_points", "deck_sections", "direction_of_travel", "edge_index",
    "edge_parts", "faces", "inside_length", "keel_projection", "nearest_boundary_point",
    "oar_sections", "overlap_length", "relative_bearing_to", "round_down_in_magnitude",
    "section_distance", "section_holding", "section_polygon", "smoke_plume", "stop_impact_point",
    "sub_stepped_rotation", "substep_count", "toward_turn",
]
