def movement_phase_ms(repeat): return {}
